import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { type Video, VideoSchema } from '../../../schema/content';
import { PosterSizeUrlSchema } from '../../../schema/posters';
import { PosterUrlSchema } from '../../../schema/uploads';
import type { UpdateVideoBody } from '../../../schema/video-edit';
import { rewriteSavedAnswers } from '../../data/edited-video';
import { apiPost, apiRequest } from '../../lib/api';
import { drawPosterSizesOf, posterSizeName } from '../upload/poster-sizes';
import { applyEditToQueries, editedAnswer } from './apply-edit';
import { useReloadContent } from './queries';

/**
 * The fields to change, and the canvas holding a newly picked poster: it goes as pictures, uploaded
 * before the edit names them.
 */
export type VideoEdit = {
  fields: Omit<UpdateVideoBody, 'thumbnail' | 'posterSizes'>;
  poster: HTMLCanvasElement | null;
};

const uploadPicture = <S extends z.ZodMiniType<string>>(picture: Blob, name: string, url: S) => {
  const form = new FormData();
  form.set('file', picture, name);
  return apiPost('/api/files/image', form, z.object({ url }));
};

/**
 * The picked picture as the poster (a JPEG, as an upload's) and its card widths for the video's
 * type, each sent through `POST /api/files/image` as an upload's poster is, answered as URLs. A
 * picture that fails stops the edit before anything of the video changes.
 */
async function uploadPoster(canvas: HTMLCanvasElement, video: Video) {
  const frame = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
  if (!frame) throw new Error('This browser could not draw the thumbnail');
  const { url: thumbnail } = await uploadPicture(frame, 'poster.jpg', PosterUrlSchema);
  const posterSizes: string[] = [];
  for (const size of await drawPosterSizesOf(canvas, canvas.width, canvas.height, video.type)) {
    posterSizes.push((await uploadPicture(size.blob, posterSizeName(size), PosterSizeUrlSchema)).url);
  }
  return { thumbnail, posterSizes };
}

/**
 * `PATCH /api/videos/{id}` (owner only). Once saved, every query on this device shows the edit
 * (apply-edit.ts), so do the service worker's saved answers (data/edited-video.ts: a query read
 * again offline would otherwise bring the old title back), and the lists it appears in are read again.
 */
export function useEditVideo(video: Video) {
  const client = useQueryClient();
  const reload = useReloadContent();
  return useMutation({
    mutationFn: async ({ fields, poster }: VideoEdit) => {
      const body: UpdateVideoBody = { ...fields, ...(poster ? await uploadPoster(poster, video) : {}) };
      return apiRequest('PATCH', `/api/videos/${encodeURIComponent(video.id)}`, VideoSchema, body);
    },
    onSuccess: async (edited) => {
      applyEditToQueries(client, edited);
      try {
        await rewriteSavedAnswers(edited.id, (body) => editedAnswer(body, edited));
      } catch (error) {
        // The server has the edit: a store this device cannot rewrite now must not undo that.
        console.warn('Rewriting the saved answers of the edited video failed', error);
      }
      await reload();
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { type Video, VideoSchema } from '../../../schema/content';
import { PosterSizeUrlSchema } from '../../../schema/posters';
import { PosterUrlSchema } from '../../../schema/uploads';
import type { UpdateVideoBody } from '../../../schema/video-edit';
import { apiPost, apiRequest } from '../../lib/api';
import { type PosterSize, posterSizeName } from '../upload/poster-sizes';
import { applyEditToQueries } from './apply-edit';
import { useReloadContent } from './queries';

/** A new poster drawn in the browser: the frame as JPEG and its card widths. */
export type NewPoster = { frame: Blob; sizes: PosterSize[] };

/** The fields to change; the poster goes as pictures, uploaded before the edit names them. */
export type VideoEdit = {
  fields: Omit<UpdateVideoBody, 'thumbnail' | 'posterSizes'>;
  poster: NewPoster | null;
};

const uploadPicture = <S extends z.ZodMiniType<string>>(picture: Blob, name: string, url: S) => {
  const form = new FormData();
  form.set('file', picture, name);
  return apiPost('/api/files/image', form, z.object({ url }));
};

/**
 * The poster as URLs: the frame and each width go through `POST /api/files/image`, as an upload's
 * poster does. A picture that fails stops the edit before anything of the video changes.
 */
async function uploadPoster(poster: NewPoster) {
  const { url: thumbnail } = await uploadPicture(poster.frame, 'poster.jpg', PosterUrlSchema);
  const posterSizes: string[] = [];
  for (const size of poster.sizes) {
    posterSizes.push((await uploadPicture(size.blob, posterSizeName(size), PosterSizeUrlSchema)).url);
  }
  return { thumbnail, posterSizes };
}

/**
 * `PATCH /api/videos/{id}` (owner only). Once saved, every query on this device shows the edit
 * (apply-edit.ts) and the lists it appears in are read again.
 */
export function useEditVideo(video: Video) {
  const client = useQueryClient();
  const reload = useReloadContent();
  return useMutation({
    mutationFn: async ({ fields, poster }: VideoEdit) => {
      const body: UpdateVideoBody = { ...fields, ...(poster ? await uploadPoster(poster) : {}) };
      return apiRequest('PATCH', `/api/videos/${encodeURIComponent(video.id)}`, VideoSchema, body);
    },
    onSuccess: async (edited) => {
      applyEditToQueries(client, edited);
      await reload();
    },
  });
}

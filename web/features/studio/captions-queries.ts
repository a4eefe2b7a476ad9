import { useMutation } from '@tanstack/react-query';
import { dataEnvelope } from '../../../schema/api';
import { type Video, VideoSchema } from '../../../schema/content';
import { apiDelete } from '../../lib/api';
import { xhrRequest } from '../upload/xhr-request';
import { useReloadContent } from './queries';

const captionsPath = (video: Video) => `/api/videos/${encodeURIComponent(video.id)}/captions`;
const videoAnswer = dataEnvelope(VideoSchema);

/**
 * `PUT /api/videos/{id}/captions` with the WebVTT file as the body, through XMLHttpRequest so the
 * dialog can say how far it is (`onProgress`, 0 to 1). Answers the video with its captionsUrl.
 */
export function useUploadCaptions(video: Video) {
  const reload = useReloadContent();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (share: number) => void }) =>
      videoAnswer.parse(
        await xhrRequest({
          method: 'PUT',
          url: captionsPath(video),
          body: file,
          onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
        }),
      ).data,
    onSuccess: () => reload(),
  });
}

/** `DELETE /api/videos/{id}/captions`: the video has no captions any more. */
export function useRemoveCaptions(video: Video) {
  const reload = useReloadContent();
  return useMutation({
    mutationFn: () => apiDelete(captionsPath(video), VideoSchema),
    onSuccess: () => reload(),
  });
}

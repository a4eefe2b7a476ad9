import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { UploadResultSchema } from '../../../schema/uploads';
import { posterSizeName } from './poster-sizes';
import { waitForNetwork } from './retry';
import type { UploadCallbacks, UploadInput } from './upload-input';
import { xhrRequest } from './xhr-request';

/**
 * The spec's one-request upload (`POST /api/videos/upload/file`, content §7) for small files: the
 * multipart fields video, title, description, userId, isPublic, duration, plus the frame size and
 * the poster frame and its card widths (`posterSizes`). Time-out 30 minutes. Offline, it waits for the network before it starts; it is
 * not sent again after a failure, since a lost answer could then store the video twice.
 */
export async function sendDirectUpload(input: UploadInput, callbacks: UploadCallbacks): Promise<Video> {
  const { file, metadata } = input;
  const form = new FormData();
  form.set('video', file);
  form.set('title', input.title);
  form.set('description', input.description);
  form.set('userId', input.userId);
  form.set('isPublic', String(input.isPublic));
  form.set('duration', String(metadata.duration));
  form.set('width', String(metadata.width));
  form.set('height', String(metadata.height));
  if (metadata.poster) form.set('poster', metadata.poster, 'poster.jpg');
  for (const size of metadata.posterSizes) form.append('posterSizes', size.blob, posterSizeName(size));

  await waitForNetwork(callbacks);
  const json = await xhrRequest({
    method: 'POST',
    url: '/api/videos/upload/file',
    body: form,
    // The body also carries the fields and poster: scale its progress to the file's bytes.
    onProgress: (loaded, total) =>
      callbacks.onProgress(total > 0 ? Math.round((loaded / total) * file.size) : 0),
    signal: callbacks.signal,
    timeoutMs: LIMITS.uploadTimeoutMs,
  });
  return UploadResultSchema.parse(json).data;
}

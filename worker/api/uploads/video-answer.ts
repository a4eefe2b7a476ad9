import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { MAX_IMAGE_BYTES } from '../files/service';
import { getVideoById } from '../videos/queries';

/** The video an upload made, read back the way every video read answers it. */
export const readUploadedVideo = async (db: D1Database, id: string): Promise<Video> => {
  const video = await getVideoById(db, id);
  if (!video) throw notFound('The uploaded video was deleted');
  return video;
};

export const invalidVideo = () => new ApiError(415, 'unsupported_media_type', MESSAGES.upload.invalidVideo);

/**
 * The R2 key of a poster given as its `/media/images/...` URL (schema's PosterUrlSchema), once R2
 * holds it and it is no bigger than an image upload may be; else a 400.
 */
export const storedPosterKey = async (bucket: R2Bucket, url: string): Promise<string> => {
  const key = url.replace(/^\/media\//, '');
  const head = await bucket.head(key);
  if (!head || head.size > MAX_IMAGE_BYTES) throw badRequest('thumbnail: Upload the poster image first');
  return key;
};

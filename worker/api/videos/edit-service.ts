import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { SessionUser } from '../../../schema/user';
import type { UpdateVideoBody } from '../../../schema/video-edit';
import { forbidden, notFound } from '../../lib/errors';
import { posterSizesFromUrls, storePosterSizes } from '../uploads/poster-sizes';
import { storedPosterKey } from '../uploads/video-answer';
import { type NewPoster, updateVideoRow } from './edit-queries';
import { getVideoById } from './queries';
import { getVisibleStoredVideo } from './service';
import { listUnusedKeys } from './stored-queries';

const videoNotFound = () => notFound(MESSAGES.video.notFound);

/**
 * The new poster of an edit, checked as an upload's completion checks it (the frame an uploaded
 * image no bigger than an image may be, each size WebP or JPEG by its bytes, one per width) before
 * anything is written; null when the edit keeps the poster.
 */
const checkedPoster = async (bucket: R2Bucket, body: UpdateVideoBody): Promise<NewPoster | null> => {
  if (!body.thumbnail) return null;
  const thumbnailKey = await storedPosterKey(bucket, body.thumbnail);
  const sizes = await storePosterSizes(bucket, await posterSizesFromUrls(bucket, body.posterSizes ?? []));
  return { thumbnailKey, sizes };
};

/**
 * `PATCH /videos/{id}`: the owner changes title, description, tags, visibility or poster. Someone
 * else's public item is a 403, someone else's private one a 404 like an unknown id (private items
 * exist only for their owner). Every check comes before the one write; the pictures a new poster
 * replaced leave R2 last, unless another row still uses them (seeded rows share files).
 */
export const updateOwnVideo = async (
  env: Env,
  caller: SessionUser,
  id: string,
  body: UpdateVideoBody,
): Promise<Video> => {
  const video = await getVisibleStoredVideo(env.DB, id, caller.id);
  if (video.userId !== caller.id) throw forbidden('You can only edit your own content');
  const poster = await checkedPoster(env.MEDIA, body);
  if (!(await updateVideoRow(env.DB, video.id, caller.id, body, poster))) throw videoNotFound();
  if (poster) {
    const kept = new Set([poster.thumbnailKey, ...poster.sizes.map((size) => size.key)]);
    const replaced = [video.thumbnailKey, ...video.posterSizeKeys].filter(
      (key): key is string => !!key && !kept.has(key),
    );
    const unused = await listUnusedKeys(env.DB, [...new Set(replaced)]);
    if (unused.length > 0) await env.MEDIA.delete(unused);
  }
  const updated = await getVideoById(env.DB, video.id);
  if (!updated) throw videoNotFound();
  return updated;
};

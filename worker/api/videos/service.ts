import type { Video, VideoType } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { SessionUser } from '../../../schema/user';
import { forbidden, notFound } from '../../lib/errors';
import { getShortFeedPosition, getVideoById, listLatest } from './queries';
import { deleteVideoRows, getStoredVideo, listUnusedKeys, type StoredVideo } from './stored-queries';
import { isVisibleTo } from './visibility';

/** Shorts and videos share the spec's one text for a missing item. */
const videoNotFound = () => notFound(MESSAGES.video.notFound);

/** An item the caller may see, or a 404 (unknown, other type, or someone else's private item). */
export const getVisibleVideo = async (
  db: D1Database,
  id: string,
  type: VideoType,
  callerId: string | null,
): Promise<Video> => {
  const video = await getVideoById(db, id, type);
  if (!video || !isVisibleTo(video, callerId)) throw videoNotFound();
  return video;
};

/** The stored row (R2 keys included) of an item the caller may see, or a 404. */
export const getVisibleStoredVideo = async (
  db: D1Database,
  id: string,
  callerId: string | null,
  type?: VideoType,
): Promise<StoredVideo> => {
  const video = await getStoredVideo(db, id, type);
  if (!video || !isVisibleTo(video, callerId)) throw videoNotFound();
  return video;
};

/**
 * Where a window of `limit` shorts starts so that it holds the short at `position`: centred on it,
 * shifted inwards at either end of the feed so the window stays full.
 */
export const aroundOffset = (position: number, total: number, limit: number): number =>
  Math.max(0, Math.min(position - Math.floor((limit - 1) / 2), total - limit));

/** Up to `limit` public shorts around one, in feed order (newest first), the short included. */
export const listShortsAround = async (db: D1Database, id: string, limit: number): Promise<Video[]> => {
  const found = await getShortFeedPosition(db, id);
  if (!found) throw videoNotFound();
  return listLatest(db, 'short', { limit, offset: aroundOffset(found.position, found.total, limit) });
};

/**
 * Deletes the caller's own item, then its media, poster and poster sizes from R2 unless another row still uses
 * the same key (seeded rows share files), and its captions file. R2 goes last: a failure there
 * leaves an orphan object, never a row pointing at missing media.
 */
export const deleteOwnVideo = async (
  env: Env,
  caller: SessionUser,
  id: string,
  type: VideoType,
): Promise<void> => {
  const video = await getVisibleStoredVideo(env.DB, id, caller.id, type);
  if (video.userId !== caller.id) {
    throw forbidden('You can only delete your own content');
  }
  if (!(await deleteVideoRows(env.DB, video))) throw videoNotFound();
  const keys = [video.mediaKey, video.thumbnailKey, ...video.posterSizeKeys].filter(
    (key): key is string => !!key,
  );
  const unused = await listUnusedKeys(env.DB, [...new Set(keys)]);
  // A captions file belongs to its one video (its key starts with the video's id): it always goes.
  if (video.captionsKey) unused.push(video.captionsKey);
  if (unused.length > 0) await env.MEDIA.delete(unused);
};

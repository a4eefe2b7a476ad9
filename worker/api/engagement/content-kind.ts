import type { Context } from 'hono';
import type { VideoType } from '../../../schema/content';
import type { ContentKind } from '../../../schema/engagement';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { currentSession } from '../../lib/session';

/**
 * Long videos and shorts share the `videos` table; the path's kind must match the row's type, and
 * a private item (is_public = 0) exists only for its owner, as everywhere else in the API.
 */
export const typeOfKind = (kind: ContentKind): VideoType => (kind === 'videos' ? 'video' : 'short');

export const contentNotFound = (kind: ContentKind) =>
  notFound(kind === 'videos' ? 'Video not found' : 'Short not found');
export const userNotFound = () => notFound('User not found');
export const commentNotFound = () => notFound('Comment not found');

/** The registered caller's id, or null for visitors: it decides which private items are visible. */
export const viewerIdOf = async (c: Context<AppEnv>) => (await currentSession(c))?.user?.id ?? null;

/** The type of a video or short `viewerId` may see, or null. */
export const getVisibleType = async (db: D1Database, videoId: string, viewerId: string | null) =>
  (
    await db
      .prepare('SELECT type FROM videos WHERE id = ?1 AND (is_public = 1 OR user_id = ?2)')
      .bind(videoId, viewerId)
      .first<{ type: string }>()
  )?.type ?? null;

/** Throws the kind's 404 unless `videoId` is content of that kind that `viewerId` may see. */
export const assertContent = async (
  db: D1Database,
  target: { kind: ContentKind; videoId: string },
  viewerId: string | null,
) => {
  if ((await getVisibleType(db, target.videoId, viewerId)) !== typeOfKind(target.kind)) {
    throw contentNotFound(target.kind);
  }
};

export const assertUser = async (db: D1Database, userId: string) => {
  const found = await db.prepare('SELECT 1 AS found FROM users WHERE id = ?1').bind(userId).first();
  if (!found) throw userNotFound();
};

export const now = () => new Date().toISOString();

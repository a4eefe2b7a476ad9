import type { Share, VideoType } from '../../../schema/content';

/**
 * SQL of shares. Every share is its own row; `videos.shares` is recounted from the rows in the
 * same batch as the insert.
 */

export type NewShare = Share & {
  type: VideoType;
  /** The request's scoped Idempotency-Key; a second insert with it changes nothing. */
  idempotencyKey: string | null;
};

/**
 * Records the share when the video is of `type` and visible to the sharer; answers whether it was
 * inserted and the new total (null when there is no such video).
 */
export const insertShare = async (db: D1Database, share: NewShare) => {
  const [inserted, counted] = await db.batch([
    db
      .prepare(
        `INSERT INTO shares (id, video_id, user_id, platform, share_url, created_at, idempotency_key)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?8
         WHERE EXISTS (SELECT 1 FROM videos WHERE id = ?2 AND type = ?7 AND (is_public = 1 OR user_id = ?3))
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        share.id,
        share.videoId,
        share.userId,
        share.platform,
        share.shareUrl,
        share.createdAt,
        share.type,
        share.idempotencyKey,
      ),
    db
      .prepare(
        `UPDATE videos SET shares = (SELECT COUNT(*) FROM shares WHERE video_id = ?1)
         WHERE id = ?1 AND type = ?2 AND (is_public = 1 OR user_id = ?3)
         RETURNING shares AS total`,
      )
      .bind(share.videoId, share.type, share.userId),
  ]);
  const total = (counted?.results[0] as { total: number } | undefined)?.total ?? null;
  return { inserted: (inserted?.meta.changes ?? 0) > 0, total };
};

type ShareRow = {
  id: string;
  video_id: string;
  user_id: string;
  platform: string;
  share_url: string;
  created_at: string;
};

const toShare = (row: ShareRow): Share => ({
  id: row.id,
  videoId: row.video_id,
  userId: row.user_id,
  platform: row.platform,
  shareUrl: row.share_url,
  createdAt: row.created_at,
});

/** The share first recorded with this scoped Idempotency-Key, or null. */
export const getShareByIdempotencyKey = async (db: D1Database, key: string) => {
  const row = await db
    .prepare(
      `SELECT id, video_id, user_id, platform, share_url, created_at FROM shares WHERE idempotency_key = ?1`,
    )
    .bind(key)
    .first<ShareRow>();
  return row ? toShare(row) : null;
};

type Page = { limit: number; offset: number };

/** Shares of one video or short, newest first. */
export const listSharesOfVideo = async (db: D1Database, videoId: string, page: Page) => {
  const { results } = await db
    .prepare(
      `SELECT id, video_id, user_id, platform, share_url, created_at
       FROM shares
       WHERE video_id = ?1
       ORDER BY created_at DESC, id DESC
       LIMIT ?2 OFFSET ?3`,
    )
    .bind(videoId, page.limit, page.offset)
    .all<ShareRow>();
  return results.map(toShare);
};

/** Shares a user made of content of one type that `viewerId` may see, newest first. */
export const listSharesByUser = async (
  db: D1Database,
  query: { userId: string; type: VideoType; viewerId: string | null },
  page: Page,
) => {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.video_id, s.user_id, s.platform, s.share_url, s.created_at
       FROM shares s JOIN videos v ON v.id = s.video_id
       WHERE s.user_id = ?1 AND v.type = ?2 AND (v.is_public = 1 OR v.user_id = ?3)
       ORDER BY s.created_at DESC, s.id DESC
       LIMIT ?4 OFFSET ?5`,
    )
    .bind(query.userId, query.type, query.viewerId, page.limit, page.offset)
    .all<ShareRow>();
  return results.map(toShare);
};

/** How often a video was shared, per platform. */
export const countSharesByPlatform = async (db: D1Database, videoId: string) => {
  const { results } = await db
    .prepare(
      `SELECT platform, COUNT(*) AS total
       FROM shares
       WHERE video_id = ?1
       GROUP BY platform
       ORDER BY platform ASC`,
    )
    .bind(videoId)
    .all<{ platform: string; total: number }>();
  return results;
};

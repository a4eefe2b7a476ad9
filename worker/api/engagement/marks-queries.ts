import type { VideoType } from '../../../schema/content';
import type { Mark } from '../../../schema/engagement';

/**
 * Likes and bookmarks: one row per (user, video), the primary key. The table names below are
 * literals of `MarkTable`, never input. Each write and the recount of `videos.<table>` from the rows
 * run in ONE batch (a transaction), so repeats and concurrent requests count once and the counter
 * always equals the rows. Writes only touch content of the expected type that the user may see
 * (public, or their own): anything else changes nothing and answers null.
 */
export type MarkTable = 'likes' | 'bookmarks';
type MarkKey = { userId: string; videoId: string; type: VideoType };

const recount = (db: D1Database, table: MarkTable, mark: MarkKey) =>
  db
    .prepare(
      `UPDATE videos SET ${table} = (SELECT COUNT(*) FROM ${table} WHERE video_id = ?1)
       WHERE id = ?1 AND type = ?2 AND (is_public = 1 OR user_id = ?3)
       RETURNING ${table} AS total`,
    )
    .bind(mark.videoId, mark.type, mark.userId);

const totalOf = (results: D1Result[]) =>
  (results[1]?.results[0] as { total: number } | undefined)?.total ?? null;

/** Adds the mark (once) and answers the new total, or null when there is no such content. */
export const insertMark = async (db: D1Database, table: MarkTable, mark: MarkKey & { createdAt: string }) =>
  totalOf(
    await db.batch([
      db
        .prepare(
          `INSERT INTO ${table} (user_id, video_id, created_at)
           SELECT ?1, ?2, ?3
           WHERE EXISTS (SELECT 1 FROM videos WHERE id = ?2 AND type = ?4 AND (is_public = 1 OR user_id = ?1))
           ON CONFLICT (user_id, video_id) DO NOTHING`,
        )
        .bind(mark.userId, mark.videoId, mark.createdAt, mark.type),
      recount(db, table, mark),
    ]),
  );

/** Removes the mark if present and answers the new total, or null when there is no such content. */
export const deleteMark = async (db: D1Database, table: MarkTable, mark: MarkKey) =>
  totalOf(
    await db.batch([
      db
        .prepare(
          `DELETE FROM ${table}
           WHERE user_id = ?1
             AND video_id = (SELECT id FROM videos WHERE id = ?2 AND type = ?3 AND (is_public = 1 OR user_id = ?1))`,
        )
        .bind(mark.userId, mark.videoId, mark.type),
      recount(db, table, mark),
    ]),
  );

type CheckRow = { type: string | null; user_found: number; marked: number };

/** Whether the user marked the video, with what a caller needs to tell unknown ids apart. */
export const checkMark = async (
  db: D1Database,
  table: MarkTable,
  query: { userId: string; videoId: string; viewerId: string | null },
) => {
  const row = await db
    .prepare(
      `SELECT (SELECT type FROM videos WHERE id = ?2 AND (is_public = 1 OR user_id = ?3)) AS type,
              EXISTS (SELECT 1 FROM users WHERE id = ?1) AS user_found,
              EXISTS (SELECT 1 FROM ${table} WHERE user_id = ?1 AND video_id = ?2) AS marked`,
    )
    .bind(query.userId, query.videoId, query.viewerId)
    .first<CheckRow>();
  return { type: row?.type ?? null, userFound: row?.user_found === 1, marked: row?.marked === 1 };
};

type MarkRow = { user_id: string; video_id: string; created_at: string };

/** A user's marks on content of one type that `viewerId` may see, newest first. */
export const listMarks = async (
  db: D1Database,
  table: MarkTable,
  query: { userId: string; type: VideoType; viewerId: string | null },
  page: { limit: number; offset: number },
): Promise<Mark[]> => {
  const { results } = await db
    .prepare(
      `SELECT m.user_id, m.video_id, m.created_at
       FROM ${table} m JOIN videos v ON v.id = m.video_id
       WHERE m.user_id = ?1 AND v.type = ?2 AND (v.is_public = 1 OR v.user_id = ?3)
       ORDER BY m.created_at DESC, m.video_id DESC
       LIMIT ?4 OFFSET ?5`,
    )
    .bind(query.userId, query.type, query.viewerId, page.limit, page.offset)
    .all<MarkRow>();
  return results.map((row) => ({ userId: row.user_id, videoId: row.video_id, createdAt: row.created_at }));
};

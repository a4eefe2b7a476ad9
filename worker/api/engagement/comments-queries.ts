import type { VideoType } from '../../../schema/content';
import type { CommentEntry } from '../../../schema/engagement';

/**
 * SQL of comments. `videos.comments` counts every comment of the video, replies included, and is
 * recounted from the rows in the same batch as each write, so it can neither drift nor go below 0.
 */

/** Recounts when the video is of `type` and `userId` may see it (public, or theirs). */
const recount = (db: D1Database, videoId: string, type: VideoType, userId: string) =>
  db
    .prepare(
      `UPDATE videos SET comments = (SELECT COUNT(*) FROM comments WHERE video_id = ?1)
       WHERE id = ?1 AND type = ?2 AND (is_public = 1 OR user_id = ?3)
       RETURNING comments AS total`,
    )
    .bind(videoId, type, userId);

const totalOf = (result: D1Result | undefined) =>
  (result?.results[0] as { total: number } | undefined)?.total ?? null;

export type NewComment = {
  id: string;
  videoId: string;
  type: VideoType;
  userId: string;
  parentId: string | null;
  content: string;
  createdAt: string;
  /** The request's scoped Idempotency-Key; a second insert with it changes nothing. */
  idempotencyKey: string | null;
};

/**
 * Inserts the comment when the video is of `type` and visible to the author, and the parent (if
 * any) is a comment of the same video. Answers whether it was inserted and the new total (null
 * when there is no such video).
 */
export const insertComment = async (db: D1Database, comment: NewComment) => {
  const [inserted, counted] = await db.batch([
    db
      .prepare(
        `INSERT INTO comments (id, video_id, user_id, parent_id, content, created_at, idempotency_key)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?8
         WHERE EXISTS (SELECT 1 FROM videos WHERE id = ?2 AND type = ?7 AND (is_public = 1 OR user_id = ?3))
           AND (?4 IS NULL OR EXISTS (SELECT 1 FROM comments WHERE id = ?4 AND video_id = ?2))
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        comment.id,
        comment.videoId,
        comment.userId,
        comment.parentId,
        comment.content,
        comment.createdAt,
        comment.type,
        comment.idempotencyKey,
      ),
    recount(db, comment.videoId, comment.type, comment.userId),
  ]);
  return { inserted: (inserted?.meta.changes ?? 0) > 0, total: totalOf(counted) };
};

/** The author of a comment on `videoId`, or null when that video has no such comment. */
export const getCommentAuthorId = async (db: D1Database, commentId: string, videoId: string) =>
  (
    await db
      .prepare('SELECT user_id FROM comments WHERE id = ?1 AND video_id = ?2')
      .bind(commentId, videoId)
      .first<{ user_id: string }>()
  )?.user_id ?? null;

/** Deletes the author's comment with every reply below it, and answers the new total. */
export const deleteCommentThread = async (
  db: D1Database,
  target: { commentId: string; videoId: string; type: VideoType; userId: string },
) => {
  const [, counted] = await db.batch([
    db
      .prepare(
        `WITH RECURSIVE thread (id) AS (
           SELECT id FROM comments WHERE id = ?1 AND video_id = ?2 AND user_id = ?3
           UNION ALL
           SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id
         )
         DELETE FROM comments WHERE id IN (SELECT id FROM thread)`,
      )
      .bind(target.commentId, target.videoId, target.userId),
    recount(db, target.videoId, target.type, target.userId),
  ]);
  return totalOf(counted) ?? 0;
};

type CommentRow = {
  id: string;
  video_id: string;
  user_id: string;
  parent_id: string | null;
  content: string;
  created_at: string;
  updated_at: string | null;
};
type CommentWithAuthorRow = CommentRow & { username: string; avatar: string; full_name: string };

const toRecord = (row: CommentRow): CommentEntry['comment'] => ({
  id: row.id,
  videoId: row.video_id,
  userId: row.user_id,
  parentId: row.parent_id,
  content: row.content,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The comment an earlier request with this scoped Idempotency-Key made, if any. */
export const getCommentByIdempotencyKey = async (db: D1Database, key: string) => {
  const row = await db
    .prepare(
      `SELECT id, video_id, user_id, parent_id, content, created_at, updated_at FROM comments
       WHERE idempotency_key = ?1`,
    )
    .bind(key)
    .first<CommentRow>();
  return row ? toRecord(row) : null;
};

/** Replaces the text of the author's comment; answers the comment, or null when it is not theirs. */
export const updateCommentContent = async (
  db: D1Database,
  edit: { commentId: string; userId: string; content: string; updatedAt: string },
) => {
  const row = await db
    .prepare(
      `UPDATE comments SET content = ?3, updated_at = ?4
       WHERE id = ?1 AND user_id = ?2
       RETURNING id, video_id, user_id, parent_id, content, created_at, updated_at`,
    )
    .bind(edit.commentId, edit.userId, edit.content, edit.updatedAt)
    .first<CommentRow>();
  return row ? toRecord(row) : null;
};

/**
 * A page of top-level comments (newest first) with all their replies, as flat entries ordered
 * oldest first: every reply comes after its parent.
 */
export const listCommentEntries = async (
  db: D1Database,
  videoId: string,
  page: { limit: number; offset: number },
): Promise<CommentEntry[]> => {
  const { results } = await db
    .prepare(
      `WITH RECURSIVE
         page (id) AS (
           SELECT id FROM comments
           WHERE video_id = ?1 AND parent_id IS NULL
           ORDER BY created_at DESC, id DESC
           LIMIT ?2 OFFSET ?3
         ),
         thread (id) AS (
           SELECT id FROM page
           UNION ALL
           SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id
         )
       SELECT c.id, c.video_id, c.user_id, c.parent_id, c.content, c.created_at, c.updated_at,
              u.username, u.avatar, u.full_name
       FROM thread t
       JOIN comments c ON c.id = t.id
       JOIN users u ON u.id = c.user_id
       ORDER BY c.created_at ASC, c.id ASC`,
    )
    .bind(videoId, page.limit, page.offset)
    .all<CommentWithAuthorRow>();
  return results.map((row) => ({
    comment: toRecord(row),
    user: { username: row.username, avatar: row.avatar, fullName: row.full_name },
  }));
};

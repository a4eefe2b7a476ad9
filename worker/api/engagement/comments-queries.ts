import type { VideoType } from '../../../schema/content';
import type { CommentEntry } from '../../../schema/engagement';

/**
 * SQL of comments. `videos.comments` counts every published comment of the video, replies included
 * (a held one waits for review uncounted, migration 0022), and is recounted from the rows in the
 * same batch as each write, so it can neither drift nor go below 0.
 */

/** Recounts when the video is of `type` and `userId` may see it (public, or theirs). */
export const recount = (db: D1Database, videoId: string, type: VideoType, userId: string) =>
  db
    .prepare(
      `UPDATE videos SET comments = (SELECT COUNT(*) FROM comments WHERE video_id = ?1 AND held = 0)
       WHERE id = ?1 AND type = ?2 AND (is_public = 1 OR user_id = ?3)
       RETURNING comments AS total`,
    )
    .bind(videoId, type, userId);

export const totalOf = (result: D1Result | undefined) =>
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
  /** Held for review (a blocked term): stored, not listed, not counted. */
  held: boolean;
};

/**
 * Inserts the comment when the video is of `type` and visible to the author, and the parent (if
 * any) is a published comment of the same video. Answers whether it was inserted and the new total (null
 * when there is no such video).
 */
export const insertComment = async (db: D1Database, comment: NewComment) => {
  const [inserted, counted] = await db.batch([
    db
      .prepare(
        `INSERT INTO comments (id, video_id, user_id, parent_id, content, created_at, idempotency_key, held)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?8, ?9
         WHERE EXISTS (SELECT 1 FROM videos WHERE id = ?2 AND type = ?7 AND (is_public = 1 OR user_id = ?3))
           AND (?4 IS NULL OR EXISTS (SELECT 1 FROM comments WHERE id = ?4 AND video_id = ?2 AND held = 0))
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
        comment.held ? 1 : 0,
      ),
    recount(db, comment.videoId, comment.type, comment.userId),
  ]);
  return { inserted: (inserted?.meta.changes ?? 0) > 0, total: totalOf(counted) };
};

/** What decides who may act on a comment of `videoId`; null when that video has no such comment. */
export const getCommentFacts = async (db: D1Database, commentId: string, videoId: string) => {
  const row = await db
    .prepare('SELECT user_id, parent_id, content, held FROM comments WHERE id = ?1 AND video_id = ?2')
    .bind(commentId, videoId)
    .first<{ user_id: string; parent_id: string | null; content: string; held: number }>();
  return (
    row && { authorId: row.user_id, parentId: row.parent_id, content: row.content, held: row.held === 1 }
  );
};

/**
 * Deletes a comment with every reply below it (only `authorId`'s, unless null: a moderator's
 * delete, checked by the caller), runs `alongside` in the same batch, and answers the new total.
 * `userId` is the caller, who must still see the video for it to be recounted.
 */
export const deleteCommentThread = async (
  db: D1Database,
  target: { commentId: string; videoId: string; type: VideoType; userId: string; authorId: string | null },
  alongside: D1PreparedStatement[] = [],
) => {
  const [, counted] = await db.batch([
    db
      .prepare(
        `WITH RECURSIVE thread (id) AS (
           SELECT id FROM comments WHERE id = ?1 AND video_id = ?2 AND (?3 IS NULL OR user_id = ?3)
           UNION ALL
           SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id
         )
         DELETE FROM comments WHERE id IN (SELECT id FROM thread)`,
      )
      .bind(target.commentId, target.videoId, target.authorId),
    recount(db, target.videoId, target.type, target.userId),
    ...alongside,
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
  pinned_at: string | null;
  held: number;
};
export type CommentWithAuthorRow = CommentRow & { username: string; avatar: string; full_name: string };

const toRecord = (row: CommentRow): CommentEntry['comment'] => ({
  id: row.id,
  videoId: row.video_id,
  userId: row.user_id,
  parentId: row.parent_id,
  content: row.content,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  pinned: row.pinned_at !== null,
  held: row.held === 1,
});

/** Columns of `CommentWithAuthorRow`, for comments `c` joined with their author `u`. */
export const COMMENT_WITH_AUTHOR_COLUMNS = `c.id, c.video_id, c.user_id, c.parent_id, c.content, c.created_at,
  c.updated_at, c.pinned_at, c.held, u.username, u.avatar, u.full_name`;

/** A listed comment with its author, as the API answers it. */
export const toEntry = (row: CommentWithAuthorRow): CommentEntry => ({
  comment: toRecord(row),
  user: { username: row.username, avatar: row.avatar, fullName: row.full_name },
});

/** The comment an earlier request with this scoped Idempotency-Key made, if any. */
export const getCommentByIdempotencyKey = async (db: D1Database, key: string) => {
  const row = await db
    .prepare(
      `SELECT id, video_id, user_id, parent_id, content, created_at, updated_at, pinned_at, held
       FROM comments WHERE idempotency_key = ?1`,
    )
    .bind(key)
    .first<CommentRow>();
  return row ? toRecord(row) : null;
};

/**
 * Replaces the text of the author's comment; `hold` (the new text has a blocked term) holds it for
 * review, unpinned and uncounted. A held comment stays held until approved, whatever the edit.
 * Answers the comment, or null when it is not theirs.
 */
export const updateCommentContent = async (
  db: D1Database,
  edit: {
    commentId: string;
    videoId: string;
    type: VideoType;
    userId: string;
    content: string;
    updatedAt: string;
    hold: boolean;
  },
) => {
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE comments SET content = ?3, updated_at = ?4, held = MAX(held, ?5),
           pinned_at = CASE WHEN ?5 = 1 THEN NULL ELSE pinned_at END
         WHERE id = ?1 AND user_id = ?2
         RETURNING id, video_id, user_id, parent_id, content, created_at, updated_at, pinned_at, held`,
      )
      .bind(edit.commentId, edit.userId, edit.content, edit.updatedAt, edit.hold ? 1 : 0),
    recount(db, edit.videoId, edit.type, edit.userId),
  ]);
  const row = updated?.results[0] as CommentRow | undefined;
  return row ? toRecord(row) : null;
};

/**
 * A page of published top-level comments (the pinned one first, then newest first) with all their
 * published replies, as flat entries ordered oldest first: every reply comes after its parent.
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
           WHERE video_id = ?1 AND parent_id IS NULL AND held = 0
           ORDER BY pinned_at IS NOT NULL DESC, created_at DESC, id DESC
           LIMIT ?2 OFFSET ?3
         ),
         thread (id) AS (
           SELECT id FROM page
           UNION ALL
           SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id WHERE c.held = 0
         )
       SELECT ${COMMENT_WITH_AUTHOR_COLUMNS}
       FROM thread t
       JOIN comments c ON c.id = t.id
       JOIN users u ON u.id = c.user_id
       ORDER BY c.created_at ASC, c.id ASC`,
    )
    .bind(videoId, page.limit, page.offset)
    .all<CommentWithAuthorRow>();
  return results.map(toEntry);
};

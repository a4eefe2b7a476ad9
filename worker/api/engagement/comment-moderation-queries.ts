import * as z from 'zod/mini';
import type { CommentEntry } from '../../../schema/engagement';
import { parseJsonColumn } from '../../lib/rows';
import { COMMENT_WITH_AUTHOR_COLUMNS, type CommentWithAuthorRow, toEntry } from './comments-queries';

/**
 * SQL of comment moderation (issue 24 §2, migration 0022). Moderators and blocked terms are the
 * creator's chat ones (migration 0018): one list for all their content.
 */

/** Who owns `videoId`, whether `callerId` moderates for them, and their blocked terms. */
export const getCommentStanding = async (db: D1Database, videoId: string, callerId: string | null) => {
  const row = await db
    .prepare(
      `SELECT v.user_id AS creator_id,
              EXISTS (SELECT 1 FROM chat_moderators m WHERE m.creator_id = v.user_id AND m.moderator_id = ?2)
                AS is_moderator,
              (SELECT r.blocked_terms FROM chat_rules r WHERE r.creator_id = v.user_id) AS blocked_terms
       FROM videos v WHERE v.id = ?1`,
    )
    .bind(videoId, callerId)
    .first<{ creator_id: string; is_moderator: number; blocked_terms: string | null }>();
  if (!row) return null;
  return {
    creatorId: row.creator_id,
    canModerate: callerId === row.creator_id || row.is_moderator === 1,
    blockedTerms: parseJsonColumn(row.blocked_terms, z.array(z.string()), []),
  };
};

/**
 * Pins a published top-level comment, unpinning any other of the video first (one pin per video),
 * with `alongside` in the same batch. Answers whether the comment is now pinned.
 */
export const pinComment = async (
  db: D1Database,
  target: { commentId: string; videoId: string; pinnedAt: string },
  alongside: D1PreparedStatement[],
) => {
  const pinnable =
    'SELECT 1 FROM comments WHERE id = ?2 AND video_id = ?1 AND parent_id IS NULL AND held = 0';
  const [, pinned] = await db.batch([
    db
      .prepare(
        `UPDATE comments SET pinned_at = NULL
         WHERE video_id = ?1 AND pinned_at IS NOT NULL AND id <> ?2 AND EXISTS (${pinnable})`,
      )
      .bind(target.videoId, target.commentId),
    db
      .prepare(
        `UPDATE comments SET pinned_at = COALESCE(pinned_at, ?3)
         WHERE id = ?2 AND video_id = ?1 AND parent_id IS NULL AND held = 0`,
      )
      .bind(target.videoId, target.commentId, target.pinnedAt),
    ...alongside,
  ]);
  return (pinned?.meta.changes ?? 0) > 0;
};

export const unpinComment = (db: D1Database, target: { commentId: string; videoId: string }) =>
  db
    .prepare('UPDATE comments SET pinned_at = NULL WHERE id = ?1 AND video_id = ?2')
    .bind(target.commentId, target.videoId);

/** Publishes a held comment. */
export const releaseComment = (db: D1Database, target: { commentId: string; videoId: string }) =>
  db
    .prepare('UPDATE comments SET held = 0 WHERE id = ?1 AND video_id = ?2 AND held = 1')
    .bind(target.commentId, target.videoId);

/** The held comments of `videoId`, oldest first: all of them, or only `authorId`'s. */
export const listHeldComments = async (
  db: D1Database,
  videoId: string,
  authorId: string | null,
): Promise<CommentEntry[]> => {
  const { results } = await db
    .prepare(
      `SELECT ${COMMENT_WITH_AUTHOR_COLUMNS}
       FROM comments c JOIN users u ON u.id = c.user_id
       WHERE c.video_id = ?1 AND c.held = 1 AND (?2 IS NULL OR c.user_id = ?2)
       ORDER BY c.created_at ASC, c.id ASC
       LIMIT 100`,
    )
    .bind(videoId, authorId)
    .all<CommentWithAuthorRow>();
  return results.map(toEntry);
};

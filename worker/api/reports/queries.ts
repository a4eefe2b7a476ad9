import type { ReportBody } from '../../../schema/reports';
import { newId } from '../../lib/ids';

/** What a report keeps of the thing reported: who made it and (a copy of) its words. */
export type Reported = { authorId: string | null; excerpt: string };

const EXCERPT_MAX = 500;

/** A video the reporter can see (public, or their own), as a report keeps it; null otherwise. */
export const reportableVideo = (db: D1Database, videoId: string, reporterId: string) =>
  db
    .prepare(
      `SELECT user_id AS authorId, substr(title, 1, ${EXCERPT_MAX}) AS excerpt FROM videos
       WHERE id = ?1 AND (is_public = 1 OR user_id = ?2)`,
    )
    .bind(videoId, reporterId)
    .first<Reported>();

/**
 * A comment on a video the reporter can see, published or, held for review (migration 0022), theirs
 * or on their video; null otherwise.
 */
export const reportableComment = (db: D1Database, commentId: string, reporterId: string) =>
  db
    .prepare(
      `SELECT c.user_id AS authorId, substr(c.content, 1, ${EXCERPT_MAX}) AS excerpt
       FROM comments c JOIN videos v ON v.id = c.video_id
       WHERE c.id = ?1 AND (v.is_public = 1 OR v.user_id = ?2)
         AND (c.held = 0 OR c.user_id = ?2 OR v.user_id = ?2)`,
    )
    .bind(commentId, reporterId)
    .first<Reported>();

/**
 * Stores the report once: a second report of the same thing by the same user changes nothing (the
 * first reason stands). The author is kept only while they exist.
 */
export const insertReport = (
  db: D1Database,
  reporterId: string,
  body: ReportBody,
  reported: Reported,
  now: string,
) =>
  db
    .prepare(
      `INSERT INTO reports (id, reporter_id, kind, target_id, room, author_id, excerpt, reason, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, (SELECT id FROM users WHERE id = ?6), ?7, ?8, ?9)
       ON CONFLICT (reporter_id, kind, target_id) DO NOTHING`,
    )
    .bind(
      newId(),
      reporterId,
      body.kind,
      body.targetId,
      body.kind === 'chat_message' ? body.room : null,
      reported.authorId,
      reported.excerpt.slice(0, EXCERPT_MAX),
      body.reason,
      now,
    )
    .run();

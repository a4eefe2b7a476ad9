import type { ViewContentType } from '../../../schema/views';

/** The owner and visibility of something that can be viewed. */
export type ViewedContent = { userId: string; isPublic: boolean };

/**
 * Finds what a view is of: a long video or a short by id, or a live stream by its session id or
 * its public playback id (streams have no private state).
 */
export const findViewedContent = async (
  db: D1Database,
  type: ViewContentType,
  id: string,
): Promise<ViewedContent | null> => {
  if (type !== 'streams') {
    const row = await db
      .prepare('SELECT user_id, is_public FROM videos WHERE id = ?1 AND type = ?2')
      .bind(id, type === 'shorts' ? 'short' : 'video')
      .first<{ user_id: string; is_public: number }>();
    return row ? { userId: row.user_id, isPublic: row.is_public === 1 } : null;
  }
  const row = await db
    .prepare(
      `SELECT k.user_id FROM stream_sessions s JOIN stream_keys k ON k.id = s.stream_key_id WHERE s.id = ?1
       UNION ALL
       SELECT user_id FROM stream_keys WHERE playback_id = ?1
       LIMIT 1`,
    )
    .bind(id)
    .first<{ user_id: string }>();
  return row ? { userId: row.user_id, isPublic: true } : null;
};

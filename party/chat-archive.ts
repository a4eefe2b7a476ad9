import type { ChatServerMessage } from '../schema/live';

/**
 * What a room keeps of a delivery tick for replays (issue 24 §4, migration 0024): each accepted
 * line while the stream has a live session (a line said off air belongs to no broadcast). One
 * prepared statement per line, run by the room as one D1 batch.
 */
export const archiveStatements = (
  db: D1Database,
  room: string,
  frames: readonly ChatServerMessage[],
): D1PreparedStatement[] =>
  frames.flatMap((frame) => {
    if (frame.type === 'chat_message' || frame.type === 'tip_notification') {
      const { id, userId, username, avatar, message, timestamp } = frame.message;
      return [
        db
          .prepare(
            `INSERT INTO chat_archive (id, room, user_id, username, avatar, message, sent_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
             WHERE EXISTS (SELECT 1 FROM stream_sessions WHERE stream_key_id = ?2 AND status = 'live')
             ON CONFLICT (id) DO NOTHING`,
          )
          .bind(id, room, userId, username, avatar, message, timestamp),
      ];
    }
    return [];
  });

/**
 * Marks a deleted line in the archive, so no replay shows it; the room awaits it before the
 * moderator's Delete is answered. (A line still waiting for its tick is taken out of the tick
 * instead, so it is neither delivered nor archived.)
 */
export const markArchivedDeleted = (db: D1Database, room: string, messageId: string, now: Date) =>
  db
    .prepare('UPDATE chat_archive SET deleted_at = ?3 WHERE id = ?1 AND room = ?2')
    .bind(messageId, room, now.toISOString())
    .run();

import type { ReplayChatLine } from '../../schema/replay';
import { viewReplay } from './replays';

/** Enough for a six-hour broadcast's busy chat; the rest of a flood is not replayed. */
const MAX_LINES = 5000;

type ArchiveRow = {
  id: string;
  room: string;
  user_id: string;
  username: string;
  avatar: string;
  message: string;
  sent_at: string;
};

/**
 * A replay's chat (issue 24 §4): the archived lines of its stream said between the run's start and
 * end (`party/chat-archive.ts`), not deleted, each with its offset into the video. Who may read it
 * is who may watch the replay (`viewReplay`: 404 otherwise).
 */
export const replayChat = async (
  db: D1Database,
  replayId: string,
  viewerId: string | null,
): Promise<ReplayChatLine[]> => {
  const replay = await viewReplay(db, replayId, viewerId);
  const { results } = await db
    .prepare(
      `SELECT a.id, a.room, a.user_id, a.username, a.avatar, a.message, a.sent_at
         FROM chat_archive a JOIN replays r ON r.stream_key_id = a.room
        WHERE r.id = ?1 AND a.deleted_at IS NULL AND a.sent_at >= ?2 AND a.sent_at <= ?3
        ORDER BY a.sent_at, a.id
        LIMIT ?4`,
    )
    .bind(replayId, replay.startedAt, replay.endedAt, MAX_LINES)
    .all<ArchiveRow>();
  const start = Date.parse(replay.startedAt);
  return results.map((row) => ({
    id: row.id,
    streamKey: row.room,
    userId: row.user_id,
    username: row.username,
    avatar: row.avatar,
    message: row.message,
    timestamp: row.sent_at,
    offsetSeconds: Math.max(0, (Date.parse(row.sent_at) - start) / 1000),
  }));
};

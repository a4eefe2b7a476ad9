import type { Replay } from '../../schema/replay';
import { parseJsonColumn } from '../lib/rows';
import type { Rendition } from './hls-playlist';
import { LIVE_GRACE_MAX_MS, LIVE_TARGET_DURATIONS, REPLAY_MAX_MS } from './liveness';
import { RenditionsSchema } from './queries';

/**
 * A run is over when it ended by `#EXT-X-ENDLIST` or no segment arrived within its live grace
 * (liveness.ts) at ?2, and it has not been settled yet. `li` is its `live_ingest` row.
 */
const RUN_OVER = `li.run_id IS NOT NULL AND li.settled_run_id IS NOT li.run_id
  AND (li.ended = 1 OR ?2 > li.last_segment_at + MIN(?3 * li.target_duration, ?4))`;

/**
 * Settles the ended runs of the keys in `scope` (one key, or every key of one user): a run with a
 * session and kept segments becomes a replay titled like its session; every settled run is marked so,
 * in the same batch, so a second end signal, a later listing or the next run never makes another.
 */
const settle = async (db: D1Database, scope: string, ref: string, now: number): Promise<void> => {
  const binds = [ref, now, LIVE_TARGET_DURATIONS * 1000, LIVE_GRACE_MAX_MS] as const;
  await db.batch([
    db
      .prepare(
        `INSERT INTO replays (id, session_id, stream_key_id, title, master, started_at, ended_at, target_duration)
         SELECT li.run_id, li.session_id, li.stream_key_id, s.title, li.master, li.run_started_at,
                li.last_segment_at, li.target_duration
           FROM live_ingest li JOIN stream_sessions s ON s.id = li.session_id
          WHERE ${scope} AND ${RUN_OVER}
            AND EXISTS (SELECT 1 FROM live_segments WHERE run_id = li.run_id)
         ON CONFLICT (id) DO NOTHING`,
      )
      .bind(...binds),
    db
      .prepare(`UPDATE live_ingest AS li SET settled_run_id = run_id WHERE ${scope} AND ${RUN_OVER}`)
      .bind(...binds),
  ]);
};

/** Settles the key's run if it is over (see `settle`). */
export const settleKeyRun = (db: D1Database, streamKeyId: string, now: number) =>
  settle(db, 'li.stream_key_id = ?1', streamKeyId, now);

/** Settles every ended run of the user's keys (see `settle`). */
export const settleUserRuns = (db: D1Database, userId: string, now: number) =>
  settle(db, 'li.stream_key_id IN (SELECT id FROM stream_keys WHERE user_id = ?1)', userId, now);

type ReplayRow = {
  id: string;
  session_id: string;
  user_id: string;
  title: string;
  started_at: number;
  ended_at: number;
  duration: number | null;
  is_active: number;
};

/** A replay's public path: path-only like a local stream's playback URL. */
export const replayPlaybackUrl = (id: string): string => `/hls/replay/${id}/index.m3u8`;

const toReplay = (row: ReplayRow): Replay => ({
  id: row.id,
  sessionId: row.session_id,
  userId: row.user_id,
  title: row.title,
  startedAt: new Date(row.started_at).toISOString(),
  endedAt: new Date(row.ended_at).toISOString(),
  durationSeconds: row.duration ?? 0,
  posterUrl: null,
  playbackUrl: replayPlaybackUrl(row.id),
  isPrivate: row.is_active !== 1,
});

/**
 * A replay with its owner, its end (its last segment: late ones and a resumed encoder's land after
 * it was made) and duration (the longest variant's segments within the cap, ?3).
 */
const REPLAY_SELECT = `SELECT r.id, r.session_id, k.user_id, r.title, r.started_at, k.is_active,
       MAX(r.ended_at, COALESCE((SELECT MAX(received_at) FROM live_segments WHERE run_id = r.id), 0)) AS ended_at,
       (SELECT MAX(total) FROM (
          SELECT SUM(COALESCE(ls.duration, r2.target_duration)) AS total
            FROM live_segments ls JOIN replays r2 ON r2.id = ls.run_id
           WHERE ls.run_id = r.id AND ls.received_at < r2.started_at + ?3
           GROUP BY ls.variant)) AS duration
  FROM replays r JOIN stream_keys k ON k.id = r.stream_key_id`;

/**
 * The user's replays, newest first, with their duration (the longest variant's segments within the
 * cap). A deactivated key's replays only when `viewerId` is the user; deleted ones never.
 */
export const listUserReplays = async (
  db: D1Database,
  userId: string,
  viewerId: string | null,
): Promise<Replay[]> => {
  const { results } = await db
    .prepare(
      `${REPLAY_SELECT}
        WHERE k.user_id = ?1 AND r.deleted_at IS NULL AND (k.is_active = 1 OR k.user_id = ?2)
        ORDER BY r.ended_at DESC, r.id DESC
        LIMIT 100`,
    )
    .bind(userId, viewerId, REPLAY_MAX_MS)
    .all<ReplayRow>();
  return results.map(toReplay);
};

/** One replay as its viewer may see it (same rules as the list), or null. */
export const getReplayView = async (
  db: D1Database,
  id: string,
  viewerId: string | null,
): Promise<Replay | null> => {
  const row = await db
    .prepare(
      `${REPLAY_SELECT} WHERE r.id = ?1 AND r.deleted_at IS NULL AND (k.is_active = 1 OR k.user_id = ?2)`,
    )
    .bind(id, viewerId, REPLAY_MAX_MS)
    .first<ReplayRow>();
  return row ? toReplay(row) : null;
};

/** What playing or deleting a replay needs: its owner, stream and renditions. */
export type StoredReplay = {
  id: string;
  ownerId: string;
  playbackId: string;
  isActive: boolean;
  renditions: Rendition[] | null;
  startedAt: number;
  targetDuration: number;
  deleted: boolean;
};

export const getReplay = async (db: D1Database, id: string): Promise<StoredReplay | null> => {
  const row = await db
    .prepare(
      `SELECT r.id, k.user_id, k.playback_id, k.is_active, r.master, r.started_at, r.target_duration, r.deleted_at
         FROM replays r JOIN stream_keys k ON k.id = r.stream_key_id
        WHERE r.id = ?1`,
    )
    .bind(id)
    .first<{
      id: string;
      user_id: string;
      playback_id: string;
      is_active: number;
      master: string | null;
      started_at: number;
      target_duration: number;
      deleted_at: number | null;
    }>();
  if (!row) return null;
  return {
    id: row.id,
    ownerId: row.user_id,
    playbackId: row.playback_id,
    isActive: row.is_active === 1,
    renditions: row.master ? parseJsonColumn(row.master, RenditionsSchema, null) : null,
    startedAt: row.started_at,
    targetDuration: row.target_duration,
    deleted: row.deleted_at !== null,
  };
};

/** Whether `objectName` is one of the replay's segments (a replay serves only its own). */
export const isReplaySegment = async (db: D1Database, id: string, objectName: string): Promise<boolean> =>
  (await db
    .prepare('SELECT 1 AS one FROM live_segments WHERE run_id = ?1 AND object_name = ?2')
    .bind(id, objectName)
    .first<{ one: number }>()) !== null;

/** Unlists the replay at once (first step of a delete); its rows stay until its objects are gone. */
export const markReplayDeleted = (db: D1Database, id: string, now: number) =>
  db.prepare('UPDATE replays SET deleted_at = COALESCE(deleted_at, ?2) WHERE id = ?1').bind(id, now).run();

/** The R2 object names of every segment of the replay's run. */
export const listReplayObjectNames = async (db: D1Database, id: string): Promise<string[]> => {
  const { results } = await db
    .prepare('SELECT object_name FROM live_segments WHERE run_id = ?1')
    .bind(id)
    .all<{ object_name: string }>();
  return results.map((row) => row.object_name);
};

/** Forgets the replay and its segment rows, in one batch, once its objects are gone. */
export const deleteReplayRows = (db: D1Database, id: string) =>
  db.batch([
    // The run's chat (worker/live/replay-chat.ts) goes with it: its window, as the replay read it.
    db
      .prepare(
        `DELETE FROM chat_archive
          WHERE room = (SELECT stream_key_id FROM replays WHERE id = ?1)
            AND sent_at >= (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', started_at / 1000.0, 'unixepoch')
                              FROM replays WHERE id = ?1)
            AND sent_at <= (SELECT strftime('%Y-%m-%dT%H:%M:%fZ',
                                   MAX(r.ended_at, COALESCE((SELECT MAX(received_at) FROM live_segments
                                                              WHERE run_id = r.id), 0)) / 1000.0, 'unixepoch')
                              FROM replays r WHERE r.id = ?1)`,
      )
      .bind(id),
    db.prepare('DELETE FROM live_segments WHERE run_id = ?1').bind(id),
    db.prepare('DELETE FROM replays WHERE id = ?1').bind(id),
  ]);

import { type IngestClock, LIVE_GRACE_MAX_MS, LIVE_TARGET_DURATIONS } from './liveness';

/** A stream key as the ingest and playback see it (never carries the secret out). */
export type LiveKey = { id: string; playbackId: string; isActive: boolean };

type LiveKeyRow = { id: string; playback_id: string; is_active: number };
type ClockRow = { target_duration: number | null; last_segment_at: number | null; ended: number | null };

const toLiveKey = (row: LiveKeyRow): LiveKey => ({
  id: row.id,
  playbackId: row.playback_id,
  isActive: row.is_active === 1,
});

/** A key that never pushed is simply offline. */
const toClock = (row: ClockRow): IngestClock => ({
  lastSegmentAt: row.last_segment_at ?? 0,
  targetDuration: row.target_duration ?? 2,
  ended: row.ended !== 0,
});

const KEY_AND_CLOCK = `SELECT sk.id, sk.playback_id, sk.is_active, li.target_duration, li.last_segment_at, li.ended
   FROM stream_keys sk LEFT JOIN live_ingest li ON li.stream_key_id = sk.id`;

/** The id of the current session of the key bound as ?1 (SQL to nest). */
const CURRENT_SESSION_ID = `SELECT id FROM stream_sessions WHERE stream_key_id = ?1 AND status IN ('prepared', 'live')
  ORDER BY created_at DESC LIMIT 1`;

/** The key an encoder pushes with, found by its secret. */
export const getLiveKeyBySecret = async (db: D1Database, secret: string): Promise<LiveKey | null> => {
  const row = await db
    .prepare('SELECT id, playback_id, is_active FROM stream_keys WHERE secret_key = ?1')
    .bind(secret)
    .first<LiveKeyRow>();
  return row ? toLiveKey(row) : null;
};

/** A key and its ingest clock by public playback id (playback and the local adapter's isActive). */
export const getLiveKeyByPlaybackId = async (
  db: D1Database,
  playbackId: string,
): Promise<(LiveKey & { clock: IngestClock }) | null> => {
  const row = await db
    .prepare(`${KEY_AND_CLOCK} WHERE sk.playback_id = ?1`)
    .bind(playbackId)
    .first<LiveKeyRow & ClockRow>();
  return row ? { ...toLiveKey(row), clock: toClock(row) } : null;
};

/** Everything a status answer needs about a key, found by public id or by secret key. */
export type StatusSource = LiveKey & {
  clock: IngestClock;
  runStartedAt: number | null;
  /** Only to call the provider with: never answered to anyone. */
  ref: { providerStreamId: string | null; playbackId: string; streamKey: string };
};

export const getStatusSource = async (db: D1Database, keyOrId: string): Promise<StatusSource | null> => {
  const row = await db
    .prepare(
      `SELECT sk.id, sk.playback_id, sk.is_active, sk.secret_key, sk.livepeer_stream_id,
              li.target_duration, li.last_segment_at, li.ended, li.run_started_at
         FROM stream_keys sk LEFT JOIN live_ingest li ON li.stream_key_id = sk.id
        WHERE sk.id = ?1 OR sk.secret_key = ?1`,
    )
    .bind(keyOrId)
    .first<
      LiveKeyRow &
        ClockRow & { secret_key: string; livepeer_stream_id: string | null; run_started_at: number | null }
    >();
  if (!row) return null;
  return {
    ...toLiveKey(row),
    clock: toClock(row),
    runStartedAt: row.run_started_at || null,
    ref: { providerStreamId: row.livepeer_stream_id, playbackId: row.playback_id, streamKey: row.secret_key },
  };
};

export type RecordedSegment = { seq: number; started: boolean; clock: IngestClock };

/**
 * Records a segment already stored in R2, in one batch: gives it the next media sequence number
 * (never skipped), its duration when the encoder's playlist already listed it, starts a new run
 * when the stream was offline, bumps the discontinuity sequence when the encoder restarted (offline,
 * or a stored file name reused by a new encoder process) and marks the key used. A segment that
 * lands just after the `#EXT-X-ENDLIST` playlist listing it (ffmpeg does not wait for answers)
 * belongs to the ended run and does not restart it.
 */
export const insertSegment = async (
  db: D1Database,
  input: { streamKeyId: string; name: string; objectName: string; bytes: number; now: number },
): Promise<RecordedSegment> => {
  const listedHere = `EXISTS (SELECT 1 FROM json_each(listed) WHERE json_extract(value, '$.n') = ?3)`;
  const storedHere = `EXISTS (SELECT 1 FROM live_segments WHERE stream_key_id = ?1 AND name = ?3)`;
  const recent = `?2 - last_segment_at <= MIN(?4 * target_duration, ?5)`;
  const late = `(ended = 1 AND ${recent} AND ${listedHere} AND NOT ${storedHere})`;
  const offline = `(NOT ${late} AND (ended = 1 OR NOT (${recent})))`;
  const [, advanced] = await db.batch<ClockRow & { seq: number; started: number }>([
    db
      .prepare('INSERT INTO live_ingest (stream_key_id) VALUES (?1) ON CONFLICT (stream_key_id) DO NOTHING')
      .bind(input.streamKeyId),
    db
      .prepare(
        `UPDATE live_ingest
            SET run_started_at = CASE WHEN ${offline} THEN ?2 ELSE run_started_at END,
                discontinuity_seq = discontinuity_seq + CASE WHEN ${offline} OR ${storedHere} THEN 1 ELSE 0 END,
                next_seq = next_seq + 1,
                last_segment_at = CASE WHEN ${late} THEN last_segment_at ELSE ?2 END,
                ended = CASE WHEN ${late} THEN 1 ELSE 0 END
          WHERE stream_key_id = ?1
          RETURNING next_seq - 1 AS seq, run_started_at = ?2 AS started, target_duration, last_segment_at, ended`,
      )
      .bind(input.streamKeyId, input.now, input.name, LIVE_TARGET_DURATIONS * 1000, LIVE_GRACE_MAX_MS),
    db
      .prepare(
        `INSERT INTO live_segments (stream_key_id, seq, name, object_name, duration, discontinuity_seq, bytes, received_at)
         SELECT ?1, next_seq - 1, ?2, ?3,
                (SELECT json_extract(value, '$.d') FROM json_each(listed) WHERE json_extract(value, '$.n') = ?2),
                discontinuity_seq, ?4, ?5
           FROM live_ingest WHERE stream_key_id = ?1`,
      )
      .bind(input.streamKeyId, input.name, input.objectName, input.bytes, input.now),
    db
      .prepare('UPDATE stream_keys SET last_used = ?2 WHERE id = ?1')
      .bind(input.streamKeyId, new Date(input.now).toISOString()),
  ]);
  const row = advanced?.results[0];
  if (!row) throw new Error('live_ingest row missing after upsert');
  return { seq: row.seq, started: row.started === 1, clock: toClock(row) };
};

/**
 * Applies an encoder playlist in one batch: each listed segment already stored gets its duration
 * (the newest row of that file name), the listing is kept for segments still on their way,
 * `#EXT-X-ENDLIST` ends the run (and the current session's time on air, at `now`), and the target
 * duration is kept. Answers whether this call ended a live run, so the offline push happens once.
 */
export const applyEncoderPlaylist = async (
  db: D1Database,
  streamKeyId: string,
  playlist: { targetDuration: number; ended: boolean; segments: { name: string; duration: number }[] },
  now: number,
): Promise<{ endedNow: boolean }> => {
  const listed = JSON.stringify(
    playlist.segments.map((segment) => ({ n: segment.name, d: segment.duration })),
  );
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO live_ingest (stream_key_id, target_duration, listed) VALUES (?1, ?2, ?3)
         ON CONFLICT (stream_key_id) DO UPDATE SET target_duration = ?2, listed = ?3`,
      )
      .bind(streamKeyId, playlist.targetDuration, listed),
    ...playlist.segments.map((segment) =>
      db
        .prepare(
          `UPDATE live_segments SET duration = ?3
            WHERE stream_key_id = ?1 AND duration IS NULL
              AND seq = (SELECT MAX(seq) FROM live_segments WHERE stream_key_id = ?1 AND name = ?2)`,
        )
        .bind(streamKeyId, segment.name, segment.duration),
    ),
    ...(playlist.ended
      ? [
          // The current session leaves the live lists now, not 3 target durations later.
          db
            .prepare(
              `UPDATE stream_sessions SET live_until = ?2
                WHERE id = (${CURRENT_SESSION_ID}) AND live_until > ?2`,
            )
            .bind(streamKeyId, now),
          db
            .prepare(
              'UPDATE live_ingest SET ended = 1 WHERE stream_key_id = ?1 AND ended = 0 RETURNING stream_key_id',
            )
            .bind(streamKeyId),
        ]
      : []),
  ]);
  return { endedNow: playlist.ended && (results.at(-1)?.results.length ?? 0) > 0 };
};

export type WindowSegment = { seq: number; objectName: string; duration: number; discontinuitySeq: number };

/**
 * The newest `size` segments, oldest first. One its encoder playlist has not listed yet plays with
 * the target duration (corrected on the next reload), so it is playable as soon as it is stored.
 */
export const listWindow = async (
  db: D1Database,
  streamKeyId: string,
  size: number,
  targetDuration: number,
): Promise<WindowSegment[]> => {
  const { results } = await db
    .prepare(
      `SELECT seq, object_name, COALESCE(duration, ?3) AS duration, discontinuity_seq
         FROM live_segments
        WHERE stream_key_id = ?1
        ORDER BY seq DESC LIMIT ?2`,
    )
    .bind(streamKeyId, size, targetDuration)
    .all<{ seq: number; object_name: string; duration: number; discontinuity_seq: number }>();
  return results
    .map((row) => ({
      seq: row.seq,
      objectName: row.object_name,
      duration: row.duration,
      discontinuitySeq: row.discontinuity_seq,
    }))
    .reverse();
};

/** Forgets the segments before `seq` and answers their R2 object names, for the caller to delete. */
export const deleteSegmentsBefore = async (
  db: D1Database,
  streamKeyId: string,
  seq: number,
): Promise<string[]> => {
  const { results } = await db
    .prepare('DELETE FROM live_segments WHERE stream_key_id = ?1 AND seq < ?2 RETURNING object_name')
    .bind(streamKeyId, seq)
    .all<{ object_name: string }>();
  return results.map((row) => row.object_name);
};

/** The key's current session: the newest one not ended (prepared or live), or null. */
export const getCurrentSession = async (
  db: D1Database,
  streamKeyId: string,
): Promise<{ id: string; status: 'prepared' | 'live' } | null> =>
  db
    .prepare(
      `SELECT id, status FROM stream_sessions WHERE stream_key_id = ?1 AND status IN ('prepared', 'live')
        ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(streamKeyId)
    .first<{ id: string; status: 'prepared' | 'live' }>();

/**
 * Media arrived for the key's current session: it is on air until `liveUntil` (epoch ms), and a
 * prepared one becomes live, started now. Answers the session's id, or null when the key has none.
 */
export const recordSessionMedia = async (
  db: D1Database,
  streamKeyId: string,
  liveUntil: number,
  startedAt: string,
): Promise<string | null> => {
  const row = await db
    .prepare(
      `UPDATE stream_sessions SET status = 'live', started_at = COALESCE(started_at, ?3), live_until = ?2
        WHERE id = (${CURRENT_SESSION_ID})
        RETURNING id`,
    )
    .bind(streamKeyId, liveUntil, startedAt)
    .first<{ id: string }>();
  return row?.id ?? null;
};

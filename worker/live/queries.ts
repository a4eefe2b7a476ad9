import * as z from 'zod/mini';
import { parseJsonColumn } from '../lib/rows';
import type { Rendition } from './hls-playlist';
import {
  type IngestClock,
  LIVE_GRACE_MAX_MS,
  LIVE_TARGET_DURATIONS,
  REPLAY_MAX_MS,
  RESUME_SAME_RUN_MS,
} from './liveness';

/** A stream key as the ingest and playback see it (never carries the secret out). */
export type LiveKey = { id: string; playbackId: string; isActive: boolean };

export const RenditionsSchema = z.nullable(
  z.array(
    z.object({
      name: z.string(),
      bandwidth: z.number(),
      resolution: z.nullable(z.string()),
      codecs: z.nullable(z.string()),
    }),
  ),
);

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

const KEY_AND_CLOCK = `SELECT sk.id, sk.playback_id, sk.is_active, li.target_duration, li.last_segment_at, li.ended,
          li.master
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

/** The renditions kept as JSON (`setMaster`); anything unreadable is one rendition. */
const toRenditions = (master: string | null): Rendition[] | null =>
  master ? parseJsonColumn(master, RenditionsSchema, null) : null;

/**
 * A key, its ingest clock and the current run's renditions (null: one rendition) by public playback
 * id (playback and the local adapter's isActive).
 */
export const getLiveKeyByPlaybackId = async (
  db: D1Database,
  playbackId: string,
): Promise<(LiveKey & { clock: IngestClock; renditions: Rendition[] | null }) | null> => {
  const row = await db
    .prepare(`${KEY_AND_CLOCK} WHERE sk.playback_id = ?1`)
    .bind(playbackId)
    .first<LiveKeyRow & ClockRow & { master: string | null }>();
  return row ? { ...toLiveKey(row), clock: toClock(row), renditions: toRenditions(row.master) } : null;
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

export type RecordedSegment = {
  seq: number;
  /** The segment's number in its variant: the media sequence its variant playlist shows. */
  variantSeq: number;
  started: boolean;
  runId: string;
  clock: IngestClock;
};

/** A name listed by any variant playlist of the key bound as ?1, the name bound as ?3. */
const LISTED_HERE = `EXISTS (SELECT 1 FROM live_variants lv, json_each(lv.listed) j
                      WHERE lv.stream_key_id = ?1 AND json_extract(j.value, '$.n') = ?3)`;

/**
 * Records a segment already stored in R2, in one batch: gives it the next sequence numbers (the
 * key's, never skipped, and its variant's, which its variant playlist shows), its duration when an
 * encoder playlist already listed it, starts a new run when the stream was offline (a new run id,
 * the key's current session, no master yet unless one arrived since), bumps its variant's
 * discontinuity sequence when the encoder restarted (offline, or a file name of this run reused by a
 * new encoder process) and marks the key used. A segment that lands after the `#EXT-X-ENDLIST`
 * playlist listing it (ffmpeg does not wait for answers), within `RESUME_SAME_RUN_MS`, belongs to
 * the ended run and does not restart it; with renditions, so does one of a variant whose own
 * playlist has not ended yet (the first variant's ENDLIST ends the run, the others' last segments
 * follow). A stream that went quiet without ENDLIST and resumes within `RESUME_SAME_RUN_MS` for the
 * same session is offline and live again (a discontinuity) but keeps its run id: one broadcast, one
 * replay.
 */
export const insertSegment = async (
  db: D1Database,
  input: {
    streamKeyId: string;
    name: string;
    variant: string;
    objectName: string;
    bytes: number;
    now: number;
    newRunId: string;
  },
): Promise<RecordedSegment> => {
  const storedHere = `EXISTS (SELECT 1 FROM live_segments ls WHERE ls.stream_key_id = ?1 AND ls.name = ?3
                       AND ls.run_id IS live_ingest.run_id)`;
  const variantOpen = `(master IS NOT NULL AND EXISTS (SELECT 1 FROM live_variants
                         WHERE stream_key_id = ?1 AND name = ?6 AND ended = 0))`;
  const recent = `?2 - last_segment_at <= MIN(?4 * target_duration, ?5)`;
  // Not `recent`: a loaded server takes in ffmpeg's uploads out of order, and the ENDLIST playlist
  // was seen 6.6 s before segments it lists (e2e), past a 2 s stream's live grace.
  const late = `(ended = 1 AND ?2 - last_segment_at <= ?8 AND (${LISTED_HERE} OR ${variantOpen})
                 AND NOT ${storedHere})`;
  const offline = `(NOT ${late} AND (ended = 1 OR NOT (${recent})))`;
  // Went quiet without ENDLIST and is back soon for the same session: live again, same replay.
  const resumed = `(${offline} AND ended = 0 AND ?2 - last_segment_at <= ?8
                    AND session_id IS (${CURRENT_SESSION_ID}))`;
  const currentRun = '(SELECT run_id FROM live_ingest WHERE stream_key_id = ?1)';
  const [, , advanced, variant] = await db.batch<
    ClockRow & { seq: number; started: number; run_id: string; variant_seq: number }
  >([
    db
      .prepare('INSERT INTO live_ingest (stream_key_id) VALUES (?1) ON CONFLICT (stream_key_id) DO NOTHING')
      .bind(input.streamKeyId),
    db
      .prepare(
        'INSERT INTO live_variants (stream_key_id, name) VALUES (?1, ?2) ON CONFLICT (stream_key_id, name) DO NOTHING',
      )
      .bind(input.streamKeyId, input.variant),
    db
      .prepare(
        `UPDATE live_ingest
            SET run_started_at = CASE WHEN ${offline} THEN ?2 ELSE run_started_at END,
                run_id = CASE WHEN ${offline} AND NOT ${resumed} THEN ?7 ELSE run_id END,
                session_id = CASE WHEN ${offline} THEN (${CURRENT_SESSION_ID})
                                  ELSE COALESCE(session_id, (${CURRENT_SESSION_ID})) END,
                master = CASE WHEN ${offline} AND NOT ${resumed} AND master_at <= last_segment_at THEN NULL
                              ELSE master END,
                next_seq = next_seq + 1,
                last_segment_at = CASE WHEN ${late} THEN last_segment_at ELSE ?2 END,
                ended = CASE WHEN ${late} THEN 1 ELSE 0 END
          WHERE stream_key_id = ?1
          RETURNING next_seq - 1 AS seq, run_started_at = ?2 AS started, run_id, target_duration,
                    last_segment_at, ended`,
      )
      .bind(
        input.streamKeyId,
        input.now,
        input.name,
        LIVE_TARGET_DURATIONS * 1000,
        LIVE_GRACE_MAX_MS,
        input.variant,
        input.newRunId,
        RESUME_SAME_RUN_MS,
      ),
    db
      .prepare(
        `UPDATE live_variants
            SET next_seq = next_seq + 1,
                discontinuity_seq = discontinuity_seq + CASE
                  WHEN (SELECT run_started_at FROM live_ingest WHERE stream_key_id = ?1) = ?3
                    OR EXISTS (SELECT 1 FROM live_segments WHERE stream_key_id = ?1 AND name = ?4
                                AND run_id IS ${currentRun}) THEN 1 ELSE 0 END,
                ended = CASE WHEN (SELECT ended FROM live_ingest WHERE stream_key_id = ?1) = 1 THEN ended ELSE 0 END
          WHERE stream_key_id = ?1 AND name = ?2
          RETURNING next_seq - 1 AS variant_seq`,
      )
      .bind(input.streamKeyId, input.variant, input.now, input.name),
    db
      .prepare(
        `INSERT INTO live_segments (stream_key_id, seq, name, object_name, duration, discontinuity_seq, bytes,
                                    received_at, variant, variant_seq, run_id)
         SELECT ?1, li.next_seq - 1, ?3, ?4,
                (SELECT json_extract(j.value, '$.d') FROM live_variants lv, json_each(lv.listed) j
                  WHERE lv.stream_key_id = ?1 AND json_extract(j.value, '$.n') = ?3 LIMIT 1),
                v.discontinuity_seq, ?5, ?6, ?2, v.next_seq - 1, li.run_id
           FROM live_ingest li JOIN live_variants v ON v.stream_key_id = li.stream_key_id AND v.name = ?2
          WHERE li.stream_key_id = ?1`,
      )
      .bind(input.streamKeyId, input.variant, input.name, input.objectName, input.bytes, input.now),
    db
      .prepare('UPDATE stream_keys SET last_used = ?2 WHERE id = ?1')
      .bind(input.streamKeyId, new Date(input.now).toISOString()),
  ]);
  const row = advanced?.results[0];
  const variantRow = variant?.results[0];
  if (!row || !variantRow) throw new Error('live_ingest row missing after upsert');
  return {
    seq: row.seq,
    variantSeq: variantRow.variant_seq,
    started: row.started === 1,
    runId: row.run_id,
    clock: toClock(row),
  };
};

/**
 * Applies one variant's encoder playlist in one batch: each listed segment already stored gets
 * its duration (the newest row of that file name), the listing is kept for segments still on their
 * way, `#EXT-X-ENDLIST` ends the variant and the run (and the current session's time on air, at
 * `now`), and the target duration is kept. Answers whether this call ended a live run, so the
 * offline push happens once.
 */
export const applyEncoderPlaylist = async (
  db: D1Database,
  streamKeyId: string,
  variant: string,
  playlist: { targetDuration: number; ended: boolean; segments: { name: string; duration: number }[] },
  now: number,
): Promise<{ endedNow: boolean }> => {
  const listed = JSON.stringify(
    playlist.segments.map((segment) => ({ n: segment.name, d: segment.duration })),
  );
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO live_ingest (stream_key_id, target_duration) VALUES (?1, ?2)
         ON CONFLICT (stream_key_id) DO UPDATE SET target_duration = ?2`,
      )
      .bind(streamKeyId, playlist.targetDuration),
    db
      .prepare(
        `INSERT INTO live_variants (stream_key_id, name, listed, ended) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (stream_key_id, name) DO UPDATE SET listed = ?3, ended = MAX(ended, ?4)`,
      )
      .bind(streamKeyId, variant, listed, playlist.ended ? 1 : 0),
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

/** Keeps the encoder's renditions for the current run (or the next, when it has not started yet). */
export const setMaster = async (
  db: D1Database,
  streamKeyId: string,
  renditions: Rendition[],
  now: number,
): Promise<void> => {
  await db
    .prepare(
      `INSERT INTO live_ingest (stream_key_id, master, master_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (stream_key_id) DO UPDATE SET master = ?2, master_at = ?3`,
    )
    .bind(streamKeyId, JSON.stringify(renditions), now)
    .run();
};

/** How many other variants have segments in the key's current run (the renditions limit). */
export const countOtherRunVariants = async (
  db: D1Database,
  streamKeyId: string,
  variant: string,
): Promise<number> => {
  const row = await db
    .prepare(
      `SELECT COUNT(DISTINCT variant) AS n FROM live_segments
        WHERE run_id = (SELECT run_id FROM live_ingest WHERE stream_key_id = ?1) AND variant != ?2`,
    )
    .bind(streamKeyId, variant)
    .first<{ n: number }>();
  return row?.n ?? 0;
};

export type WindowSegment = { seq: number; objectName: string; duration: number; discontinuitySeq: number };

type WindowRow = { seq: number; object_name: string; duration: number; discontinuity_seq: number };
const toWindowSegment = (row: WindowRow): WindowSegment => ({
  seq: row.seq,
  objectName: row.object_name,
  duration: row.duration,
  discontinuitySeq: row.discontinuity_seq,
});

/**
 * The newest `size` segments of one variant of the current run, oldest first, numbered in their
 * variant; with no variant named, the variant of the newest segment (a single-rendition push). One
 * its encoder playlist has not listed yet plays with the target duration (corrected on the next
 * reload), so it is playable as soon as it is stored.
 */
export const listWindow = async (
  db: D1Database,
  streamKeyId: string,
  size: number,
  targetDuration: number,
  variant: string | null,
): Promise<WindowSegment[]> => {
  const run = '(SELECT run_id FROM live_ingest WHERE stream_key_id = ?1)';
  const { results } = await db
    .prepare(
      `SELECT variant_seq AS seq, object_name, COALESCE(duration, ?3) AS duration, discontinuity_seq
         FROM live_segments
        WHERE stream_key_id = ?1 AND run_id IS ${run}
          AND variant = COALESCE(?4, (SELECT variant FROM live_segments
                                       WHERE stream_key_id = ?1 AND run_id IS ${run} ORDER BY seq DESC LIMIT 1))
        ORDER BY seq DESC LIMIT ?2`,
    )
    .bind(streamKeyId, size, targetDuration, variant)
    .all<WindowRow>();
  return results.map(toWindowSegment).reverse();
};

/**
 * Every kept segment of one variant of a replay's run (the first variant when none is named),
 * oldest first, within the replay's cap.
 */
export const listReplaySegments = async (
  db: D1Database,
  replay: { id: string; startedAt: number; targetDuration: number },
  variant: string | null,
): Promise<WindowSegment[]> => {
  const { results } = await db
    .prepare(
      `SELECT variant_seq AS seq, object_name, COALESCE(duration, ?3) AS duration, discontinuity_seq
         FROM live_segments
        WHERE run_id = ?1 AND received_at < ?2
          AND variant = COALESCE(?4, (SELECT variant FROM live_segments WHERE run_id = ?1 ORDER BY seq LIMIT 1))
        ORDER BY seq`,
    )
    .bind(replay.id, replay.startedAt + REPLAY_MAX_MS, replay.targetDuration, variant)
    .all<WindowRow>();
  return results.map(toWindowSegment);
};

/**
 * Forgets segments a new run leaves behind, unless a replay keeps them, and answers their R2
 * object names for the caller to delete.
 */
export const deleteEarlierRuns = async (
  db: D1Database,
  streamKeyId: string,
  runId: string,
): Promise<string[]> => {
  const { results } = await db
    .prepare(
      `DELETE FROM live_segments
        WHERE stream_key_id = ?1 AND run_id IS NOT ?2
          AND (run_id IS NULL OR run_id NOT IN (SELECT id FROM replays WHERE stream_key_id = ?1))
        RETURNING object_name`,
    )
    .bind(streamKeyId, runId)
    .all<{ object_name: string }>();
  return results.map((row) => row.object_name);
};

/**
 * Forgets the current run's segments of `variant` numbered before `variantSeq`, except those a
 * replay will keep (a run with a session, its first `REPLAY_MAX_MS`), and answers their R2 object
 * names for the caller to delete.
 */
export const deleteVariantBefore = async (
  db: D1Database,
  streamKeyId: string,
  variant: string,
  variantSeq: number,
): Promise<string[]> => {
  const { results } = await db
    .prepare(
      `DELETE FROM live_segments
        WHERE stream_key_id = ?1 AND variant = ?2 AND variant_seq < ?3
          AND run_id IS (SELECT run_id FROM live_ingest WHERE stream_key_id = ?1)
          AND NOT EXISTS (SELECT 1 FROM live_ingest li WHERE li.stream_key_id = ?1 AND li.session_id IS NOT NULL
                            AND live_segments.received_at < li.run_started_at + ?4)
        RETURNING object_name`,
    )
    .bind(streamKeyId, variant, variantSeq, REPLAY_MAX_MS)
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

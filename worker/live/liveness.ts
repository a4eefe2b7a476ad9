import { REPLAY_MAX_HOURS } from '../../schema/replay';

/** The ingest state that decides whether a stream is live (a `live_ingest` row). */
export type IngestClock = { lastSegmentAt: number; targetDuration: number; ended: boolean };

/** A stream stays live for this many target durations after its last segment (DESIGN.md §7). */
export const LIVE_TARGET_DURATIONS = 3;

/**
 * ...but never longer than this: a stream whose encoder died leaves every live list within 10 s of
 * its last segment (issue 13.6), whatever target duration the encoder announced.
 */
export const LIVE_GRACE_MAX_MS = 10_000;

/** Epoch ms until which the stream counts as live without another segment. */
export const liveUntil = (clock: IngestClock): number =>
  clock.lastSegmentAt + Math.min(LIVE_TARGET_DURATIONS * clock.targetDuration * 1000, LIVE_GRACE_MAX_MS);

/** Live = not ended by `#EXT-X-ENDLIST` and a segment arrived within 3 target durations (10 s at most) of `now`. */
export const isLiveAt = (clock: IngestClock, now: number): boolean => !clock.ended && now <= liveUntil(clock);

/** Segments in our live playlist, and how many older ones stay for players still fetching them. */
export const LIVE_WINDOW = 6;
export const KEEP_BEHIND_WINDOW = 4;

/**
 * A replay keeps the first 6 hours of a run (REPLAY_MAX_HOURS); later segments slide away like a
 * run's without a session, so one forgotten encoder cannot fill the bucket.
 */
export const REPLAY_MAX_MS = REPLAY_MAX_HOURS * 3_600_000;

/**
 * A stalled encoder (or a loaded machine: 9 s between two segments was seen in e2e) that resumes
 * within this long for the same session continues its run's replay instead of starting another;
 * a segment its ENDLIST playlist listed that lands within this long still joins the ended run.
 */
export const RESUME_SAME_RUN_MS = 60_000;

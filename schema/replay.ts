import * as z from 'zod/mini';
import { IdSchema, IsoTimeSchema } from './common';
import { ChatMessageSchema } from './live';

/**
 * A past broadcast (issue 13.7): one run of a live session, kept as an HLS VOD. Its id names the
 * run; `playbackUrl` is path-only like a local stream's (`/hls/replay/<id>/index.m3u8`).
 */
export const ReplaySchema = z.object({
  id: IdSchema,
  sessionId: IdSchema,
  userId: IdSchema,
  title: z.string(),
  startedAt: IsoTimeSchema,
  endedAt: IsoTimeSchema,
  /** The longest variant's total, in seconds. */
  durationSeconds: z.number(),
  posterUrl: z.nullable(z.string()),
  playbackUrl: z.string(),
  /** The stream key is deactivated: listed and playable only for its owner. */
  isPrivate: z.boolean(),
});
export type Replay = z.infer<typeof ReplaySchema>;

/**
 * `GET /api/sessions/replays/{id}/chat` (issue 24 §4): the broadcast's chat and tips in order, each
 * with its time into the replay, so the page shows what had been said at the video's time.
 * Deleted lines are left out.
 */
export const ReplayChatLineSchema = z.object({ ...ChatMessageSchema.shape, offsetSeconds: z.number() });
export type ReplayChatLine = z.infer<typeof ReplayChatLineSchema>;

/** A replay keeps at most the first 6 hours of a run; the rest slides away as live segments do. */
export const REPLAY_MAX_HOURS = 6;

export const REPLAY_TEXT = {
  notFound: 'Replay not found',
  notOwner: 'Only the owner of this broadcast can delete it',
  section: 'Past broadcasts',
  empty: 'No past broadcasts yet',
  deleteTitle: 'Delete this broadcast?',
  deleteBody: 'Its recording is removed for good.',
} as const;

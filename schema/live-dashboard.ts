import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema } from './common';
import { StreamSessionStatusSchema } from './live-session';

/** One rendition's health at the local ingest, measured over its newest listed segments. */
export const RenditionHealthSchema = z.object({
  /** The variant's name (`720p`, `360p`; `index` for a single-rendition push). */
  name: z.string(),
  /** Bytes of the measured segments over their listed duration, in kbit/s; null before one is listed. */
  bitrateKbps: z.nullable(z.number()),
  /** How many segments the bitrate was measured over. */
  measuredSegments: CountSchema,
  /** Segments of this broadcast that never arrived: gaps in the encoder's own numbering. */
  missingSegments: CountSchema,
});
export type RenditionHealth = z.infer<typeof RenditionHealthSchema>;

/**
 * The stream's health as far as its provider reports it. The local ingest sees every segment, so it
 * measures bitrate and missing segments; Livepeer's media never pass through us (its stream API
 * answers isActive and ingest rates only through its own dashboard and webhooks, not wired here).
 */
export const StreamHealthSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('local'),
    /** Epoch ms of the newest segment of this broadcast; null before the first. */
    lastSegmentAt: z.nullable(z.number()),
    renditions: z.array(RenditionHealthSchema),
  }),
  z.object({ provider: z.literal('livepeer') }),
]);
export type StreamHealth = z.infer<typeof StreamHealthSchema>;

/** A confirmed tip of the session as the dashboard lists it, amount in REEL. */
export const DashboardTipSchema = z.object({
  id: IdSchema,
  tipperUsername: z.string(),
  amount: z.number(),
  giftName: z.nullable(z.string()),
  message: z.string(),
  createdAt: IsoTimeSchema,
});

/**
 * `GET /sessions/{id}/dashboard`, the studio's numbers while live (issue 24.3), its owner's only:
 * viewers now and at most, when it started, the confirmed tips of this session with their total in
 * REEL (newest first, at most 20 listed), and the stream's health.
 */
export const SessionDashboardSchema = z.object({
  sessionId: IdSchema,
  status: StreamSessionStatusSchema,
  startedAt: z.nullable(IsoTimeSchema),
  viewerCount: CountSchema,
  peakViewerCount: CountSchema,
  tips: z.object({ count: CountSchema, total: z.number(), recent: z.array(DashboardTipSchema) }),
  health: StreamHealthSchema,
});
export type SessionDashboard = z.infer<typeof SessionDashboardSchema>;

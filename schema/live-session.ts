import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema } from './common';

/**
 * Stream keys and sessions as the API answers them (live §3). Apart from schema/live.ts (requests,
 * chat, settings) because home reads the active sessions and must not carry the rest.
 */

/**
 * A stream key as its owner sees it. Public callers get `PublicStreamKeySchema`: the secret `key`
 * never leaves the server for anyone else (DESIGN.md §11.1).
 */
export const StreamKeySchema = z.object({
  id: IdSchema,
  name: z.string(),
  userId: IdSchema,
  key: z.string(),
  isActive: z.boolean(),
  createdAt: IsoTimeSchema,
  lastUsed: z.nullable(IsoTimeSchema),
  playbackUrl: z.string(),
  livepeerStreamId: z.nullable(z.string()),
  playbackId: z.string(),
});
export type StreamKey = z.infer<typeof StreamKeySchema>;
export const PublicStreamKeySchema = z.omit(StreamKeySchema, { key: true });
/**
 * The key as its owner reads it (issue 25): also where WebRTC publishing goes, absolute (local:
 * `<origin>/whip` with the key as Bearer; Cloudflare: the live input's URL, which carries a
 * secret), or null when the provider or this deployment has none. Never in a public answer.
 */
export const OwnerStreamKeySchema = z.extend(StreamKeySchema, { whipUrl: z.nullable(z.string()) });
export type OwnerStreamKey = z.infer<typeof OwnerStreamKeySchema>;
export type PublicStreamKey = z.infer<typeof PublicStreamKeySchema>;

export const StreamSessionStatusSchema = z.enum(['prepared', 'live', 'ended']);
export const StreamSessionSchema = z.object({
  id: IdSchema,
  streamKeyId: IdSchema,
  title: z.string(),
  description: z.string(),
  status: StreamSessionStatusSchema,
  viewerCount: CountSchema,
  stats: z.record(z.string(), z.unknown()),
  startedAt: z.nullable(IsoTimeSchema),
  endedAt: z.nullable(IsoTimeSchema),
  createdAt: IsoTimeSchema,
});
export type StreamSession = z.infer<typeof StreamSessionSchema>;

/**
 * The key as a live session carries it: with the stream's still frame (issue 20 §1), what home's
 * card shows instead of loading the video; null where the provider has none.
 */
export const LiveStreamKeySchema = z.extend(PublicStreamKeySchema, { posterUrl: z.nullable(z.string()) });

/** A live session as `GET /sessions/active` nests it (live §3). */
export const LiveSessionSchema = z.object({
  stream_sessions: StreamSessionSchema,
  stream_keys: LiveStreamKeySchema,
  users: z.object({
    id: IdSchema,
    username: z.string(),
    fullName: z.string(),
    avatar: z.string(),
    category: z.string(),
    subCategory: z.string(),
  }),
});
export type LiveSession = z.infer<typeof LiveSessionSchema>;
export const LiveSessionListSchema = z.array(LiveSessionSchema);

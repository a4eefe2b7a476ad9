import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema } from './common';
import { LIMITS } from './constants';

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

/** A live session as `GET /sessions/active` nests it (live §3). */
export const LiveSessionSchema = z.object({
  stream_sessions: StreamSessionSchema,
  stream_keys: PublicStreamKeySchema,
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

export const StreamingSettingsSchema = z.object({
  outputMode: z.literal('advanced'),
  encoder: z.literal('x264'),
  rateControl: z.literal('CBR'),
  bitrate: z.literal(6000),
  keyframeInterval: z.literal(2),
  preset: z.literal('veryfast'),
  profile: z.literal('main'),
  tune: z.literal('zerolatency'),
});

/** What an encoder needs (live §3): the ingest address, the key and the recommended settings. */
export const StreamingConfigSchema = z.object({
  serverUrl: z.string(),
  streamKey: z.string(),
  settings: StreamingSettingsSchema,
});
export type StreamingConfig = z.infer<typeof StreamingConfigSchema>;

/** Chat message as stored in the room and shown in the panel (live §3). */
export const ChatMessageSchema = z.object({
  id: z.string(),
  streamKey: z.string(),
  userId: z.string(),
  username: z.string(),
  avatar: z.string(),
  message: z.string(),
  timestamp: IsoTimeSchema,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const TipNotificationSchema = z.object({
  tipperName: z.string(),
  receiverName: z.string(),
  giftName: z.string(),
  giftIcon: z.string(),
  amount: z.number(),
  customMessage: z.optional(z.string()),
});
export type TipNotification = z.infer<typeof TipNotificationSchema>;

/** What a client may send to the chat room. */
export const ChatClientMessageSchema = z.object({
  type: z.literal('chat_message'),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.chatMessageMaxLength)),
});
export type ChatClientMessage = z.infer<typeof ChatClientMessageSchema>;

/** What the chat room sends to clients: a union on `type`, parsed with safeParse on both ends. */
export const ChatServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('recent_messages'), messages: z.array(ChatMessageSchema) }),
  z.object({ type: z.literal('chat_message'), message: ChatMessageSchema }),
  z.object({ type: z.literal('tip_notification'), message: ChatMessageSchema, tip: TipNotificationSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatServerMessage = z.infer<typeof ChatServerMessageSchema>;

export const StreamStatusSchema = z.object({ isLive: z.boolean(), sessionId: z.nullable(IdSchema) });
export type StreamStatus = z.infer<typeof StreamStatusSchema>;

import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema, wellFormed } from './common';
import { LIMITS } from './constants';
import { StreamSessionStatusSchema } from './live-session';

/**
 * Limits the live spec leaves open (§5, §9: "not shown"): ours, generous for real use, bounded
 * against abuse. A session's stats body is free-form JSON the owner's tools send, so it is capped
 * by its serialized size.
 */
export const LIVE_LIMITS = {
  keyNameMax: 100,
  sessionTitleMax: 140,
  sessionDescriptionMax: 2000,
  sessionStatsMaxBytes: 4096,
} as const;

/** Texts of the live API's refusals the spec does not word itself. */
export const LIVE_TEXT = {
  keyNameRequired: 'Stream key name is required',
  keyExists: 'Key Exists: only one stream key is allowed per account',
  keyNotFound: 'Stream key not found',
  keyInactive: 'This stream key is not active',
  notKeyOwner: 'Only the owner of this stream key can do that',
  sessionNotFound: 'Session not found',
  sessionEnded: 'This session has ended',
  noLiveSession: 'No live session for this stream',
  viewerCountCounted: 'The viewer count is counted by the chat room: it can be lowered, not raised',
  statsTooLarge: `Stats must be at most ${LIVE_LIMITS.sessionStatsMaxBytes} bytes of JSON`,
} as const;

const trimmedText = (max: number, label: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), wellFormed());
const KeyNameSchema = z
  .string({ error: LIVE_TEXT.keyNameRequired })
  .check(
    z.trim(),
    z.minLength(1, LIVE_TEXT.keyNameRequired),
    z.maxLength(LIVE_LIMITS.keyNameMax, `Name must be at most ${LIVE_LIMITS.keyNameMax} characters`),
    wellFormed(),
  );

/** `POST /stream-keys` body (live §7); the name is required and non-blank (§5). */
export const CreateStreamKeyBodySchema = z.object({ name: KeyNameSchema, userId: IdSchema });
export type CreateStreamKeyBody = z.infer<typeof CreateStreamKeyBodySchema>;

/** `PUT /stream-keys/{id}` body: what the owner may change. */
export const UpdateStreamKeyBodySchema = z.object({
  name: z.optional(KeyNameSchema),
  isActive: z.optional(z.boolean()),
});
export type UpdateStreamKeyBody = z.infer<typeof UpdateStreamKeyBodySchema>;

/** `GET /stream-keys/livepeer/info/{id}` and `/livepeer/playback/{id}`: where viewers play it. */
export const PlaybackInfoSchema = z.object({
  id: IdSchema,
  playbackId: z.string(),
  playbackUrl: z.string(),
  livepeerStreamId: z.nullable(z.string()),
});
export type PlaybackInfo = z.infer<typeof PlaybackInfoSchema>;

/** `POST /sessions` body (live §7); title and description may be blank (the page has fallbacks). */
export const CreateSessionBodySchema = z.object({
  streamKeyId: IdSchema,
  title: z._default(trimmedText(LIVE_LIMITS.sessionTitleMax, 'Title'), ''),
  description: z._default(trimmedText(LIVE_LIMITS.sessionDescriptionMax, 'Description'), ''),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBodySchema>;

/** `PUT /sessions/{id}` body. */
export const UpdateSessionBodySchema = z.object({
  title: z.optional(trimmedText(LIVE_LIMITS.sessionTitleMax, 'Title')),
  description: z.optional(trimmedText(LIVE_LIMITS.sessionDescriptionMax, 'Description')),
});
export type UpdateSessionBody = z.infer<typeof UpdateSessionBodySchema>;

/** `PUT /sessions/{id}/viewer-count` body. */
export const ViewerCountBodySchema = z.object({ viewerCount: z.int().check(z.gte(0)) });

/** `PUT /sessions/{id}/stats` body: free-form JSON the owner's tools keep (content not shown, §3). */
export const SessionStatsBodySchema = z
  .record(z.string(), z.unknown())
  .check(
    z.refine(
      (stats) => JSON.stringify(stats).length <= LIVE_LIMITS.sessionStatsMaxBytes,
      LIVE_TEXT.statsTooLarge,
    ),
  );

/** `GET /sessions/{id}/stats`: the session's counters and the view records started on it. */
export const SessionStatsSchema = z.object({
  sessionId: IdSchema,
  status: StreamSessionStatusSchema,
  viewerCount: CountSchema,
  views: CountSchema,
  stats: z.record(z.string(), z.unknown()),
  startedAt: z.nullable(IsoTimeSchema),
  endedAt: z.nullable(IsoTimeSchema),
});
export type SessionStats = z.infer<typeof SessionStatsSchema>;

/**
 * `GET /sessions/status?key=` (live §7): `isLive` is media arriving now (local ingest: a segment
 * within 3 target durations); `isActive` is the key's switch (the studio's READY); `sessionId` the
 * current (prepared or live) session; `streamKeyId` the public id; `whepUrl` the real-time path. Never the secret key.
 */
export const SessionStatusReportSchema = z.object({
  streamKeyId: IdSchema,
  playbackId: z.string(),
  isActive: z.boolean(),
  isLive: z.boolean(),
  sessionId: z.nullable(IdSchema),
  liveSince: z.nullable(IsoTimeSchema),
  lastSegmentAt: z.nullable(IsoTimeSchema),
  /**
   * Where to watch over WebRTC (WHEP) while a WebRTC publisher is on air for this key, else null
   * (issue 25): path-only for the local relay (`/whep/<playbackId>`), absolute for Cloudflare.
   */
  whepUrl: z.nullable(z.string()),
});
export type SessionStatusReport = z.infer<typeof SessionStatusReportSchema>;

export const StreamingSettingsSchema = z.object({
  outputMode: z.literal('advanced'),
  encoder: z.literal('x264'),
  rateControl: z.literal('CBR'),
  bitrate: z.literal(6000),
  keyframeInterval: z.literal(1),
  preset: z.literal('veryfast'),
  profile: z.literal('main'),
  tune: z.literal('zerolatency'),
});

export type StreamingSettings = z.infer<typeof StreamingSettingsSchema>;

/** The spec's recommended encoder settings (live §3, §9). */
export const RECOMMENDED_STREAMING_SETTINGS: StreamingSettings = {
  outputMode: 'advanced',
  encoder: 'x264',
  rateControl: 'CBR',
  bitrate: 6000,
  keyframeInterval: 1,
  preset: 'veryfast',
  profile: 'main',
  tune: 'zerolatency',
};

/**
 * The ffmpeg filter of the still frame an encoder sends next to its segments (issue 20 §1: home's
 * live card shows it instead of loading the video): a 640 px wide JPEG every second, the first at
 * once. The studio's commands, the demo stream and the WebRTC relay's HLS copy all use it.
 * Not rarer: Debian's ffmpeg 5.1, given the still as its own output (`-map 0:v -vf`), holds the
 * stream's segments until the still's next frame, so a still every 5 s sent 1 s segments in bursts
 * of five every 5 s, and the ingest called the stream offline for 2 s of every 5 (a new run each
 * time). One still a segment costs some 30 KB a second beside the segments' 100-500 KB.
 */
export const STILL_FILTER = 'fps=1,scale=640:-2';

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
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.chatMessageMaxLength), wellFormed()),
});
export type ChatClientMessage = z.infer<typeof ChatClientMessageSchema>;

/** What the chat room sends to clients: a union on `type`, parsed with safeParse on both ends. */
export const ChatServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('recent_messages'), messages: z.array(ChatMessageSchema) }),
  z.object({ type: z.literal('chat_message'), message: ChatMessageSchema }),
  z.object({ type: z.literal('tip_notification'), message: ChatMessageSchema, tip: TipNotificationSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
  /** A moderator deleted this message: every chat drops it (issue 24 §1). */
  z.object({ type: z.literal('message_deleted'), messageId: z.string() }),
]);
export type ChatServerMessage = z.infer<typeof ChatServerMessageSchema>;

export const StreamStatusSchema = z.object({ isLive: z.boolean(), sessionId: z.nullable(IdSchema) });
export type StreamStatus = z.infer<typeof StreamStatusSchema>;

import * as z from 'zod/mini';

/**
 * What a worker-signed chat token says (live issue item 8): who may speak in which room, until when.
 * The room takes a speaker's identity only from these claims, never from the socket query.
 */
export const ChatTokenClaimsSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatar: z.string(),
  room: z.string(),
  /** Expiry, in seconds since the epoch. */
  exp: z.number(),
});
export type ChatTokenClaims = z.infer<typeof ChatTokenClaimsSchema>;

/** `GET /api/chat/token?room=` answers this inside `data`. */
export const ChatTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type ChatToken = z.infer<typeof ChatTokenSchema>;

/** What the status room sends: the stream's current state, on connect and on every change. */
export const StatusServerMessageSchema = z.object({
  type: z.literal('status'),
  isLive: z.boolean(),
  sessionId: z.nullable(z.string()),
});
export type StatusServerMessage = z.infer<typeof StatusServerMessageSchema>;

/** How long a chat token lives. Short: a reconnecting client simply asks for a new one. */
export const CHAT_TOKEN_TTL_SECONDS = 10 * 60;
/** Rate limit of the chat room, per user across all their sockets. */
export const CHAT_RATE_LIMIT = { messages: 5, windowMs: 10_000 } as const;

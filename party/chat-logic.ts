import { CHAT_RATE_LIMIT } from '../schema/chat';
import { LIMITS } from '../schema/constants';
import { safeParseJson } from '../schema/json';
import { ChatClientMessageSchema, type ChatMessage, type TipNotification } from '../schema/live';

/** Who speaks on a chat connection: taken only from a verified chat token (chat-token.ts). */
export type ChatIdentity = { userId: string; username: string; avatar: string };

/**
 * What a connection remembers: its speaker, or null for a read-only visitor; and the viewer key the
 * room counted it under (`Chat.join`), null until then or when the room refused it.
 */
export type ChatConnectionState = { identity: ChatIdentity | null; viewer: string | null };

/** A room's accepted send times (epoch ms) per user id, only those still inside the rate window. */
export type SendLog = ReadonlyMap<string, readonly number[]>;

/** Parses raw socket text into the sender's (trimmed) message, or null when it is not one we accept. */
export const parseClientMessage = (raw: string | ArrayBuffer | ArrayBufferView): string | null =>
  safeParseJson(raw, ChatClientMessageSchema)?.message ?? null;

/** Why a client frame is refused, as the error frame says it; null when it is accepted. */
export type Refusal = 'read_only' | 'rate_limited' | 'invalid';
export const REFUSAL_TEXT: Record<Refusal, string> = {
  read_only: 'Connect Wallet to Chat',
  rate_limited: 'You are sending messages too fast',
  invalid: 'Message not accepted',
};

/**
 * Sliding-window rate limit per user, whatever the number of their sockets (a limit per socket let
 * 30 sockets on one token flood the room): answers whether `userId` may send at `now` (ms) and the
 * log to keep, with every user's sends outside the window dropped and this one added when allowed.
 * A refused send is not counted.
 */
export const takeUserRateSlot = (
  log: SendLog,
  userId: string,
  now: number,
  limit: { messages: number; windowMs: number } = CHAT_RATE_LIMIT,
): { allowed: boolean; log: Map<string, number[]> } => {
  const kept = new Map<string, number[]>();
  for (const [id, times] of log) {
    const recent = times.filter((time) => now - time < limit.windowMs);
    if (recent.length > 0) kept.set(id, recent);
  }
  const mine = kept.get(userId) ?? [];
  if (mine.length >= limit.messages) return { allowed: false, log: kept };
  kept.set(userId, [...mine, now]);
  return { allowed: true, log: kept };
};

export const buildChatMessage = (
  identity: ChatIdentity,
  text: string,
  context: { id: string; streamKey: string; now: Date },
): ChatMessage => ({
  id: context.id,
  streamKey: context.streamKey,
  userId: identity.userId,
  username: identity.username,
  avatar: identity.avatar,
  message: text,
  timestamp: context.now.toISOString(),
});

/** The chat line of a tip (live spec §5): '{tipper} sent {icon} {gift}' plus ' : {message}'. */
export const tipText = (tip: TipNotification): string => {
  const base = `${tip.tipperName} sent ${tip.giftIcon} ${tip.giftName}`;
  const note = tip.customMessage?.trim();
  return note ? `${base} : ${note}` : base;
};

/** The system message (userId 'system') that carries a tip into the chat. */
export const buildTipMessage = (
  tip: TipNotification,
  context: { id: string; streamKey: string; now: Date },
): ChatMessage =>
  buildChatMessage({ userId: 'system', username: 'system', avatar: '' }, tipText(tip), context);

/** Appends a message and keeps only the most recent ones the room remembers. */
export const appendRecent = (
  recent: readonly ChatMessage[],
  message: ChatMessage,
  max: number = LIMITS.chatRecentMessages,
): ChatMessage[] => [...recent, message].slice(-max);

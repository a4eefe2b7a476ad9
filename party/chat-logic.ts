import { CHAT_RATE_LIMIT } from '../schema/chat';
import { LIMITS } from '../schema/constants';
import { safeParseJson } from '../schema/json';
import { ChatClientMessageSchema, type ChatMessage, type TipNotification } from '../schema/live';

/** Who speaks on a chat connection: taken only from a verified chat token (chat-token.ts). */
export type ChatIdentity = { userId: string; username: string; avatar: string };

/** What a connection remembers: its speaker (null for a read-only visitor) and its recent sends. */
export type ChatConnectionState = { identity: ChatIdentity | null; sentAt: number[] };

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
 * Sliding-window rate limit per connection: answers whether a send at `now` (ms) is allowed and the
 * send times to remember (only accepted sends count).
 */
export const takeRateSlot = (
  sentAt: readonly number[],
  now: number,
  limit: { messages: number; windowMs: number } = CHAT_RATE_LIMIT,
): { allowed: boolean; sentAt: number[] } => {
  const recent = sentAt.filter((time) => now - time < limit.windowMs);
  if (recent.length >= limit.messages) return { allowed: false, sentAt: recent };
  return { allowed: true, sentAt: [...recent, now] };
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

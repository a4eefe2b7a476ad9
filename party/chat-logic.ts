import { LIMITS } from '../schema/constants';
import { safeParseJson } from '../schema/json';
import { ChatClientMessageSchema, type ChatMessage } from '../schema/live';

/** Who is on a chat connection, as the connection's query string says (live spec §7). */
export type ChatIdentity = { userId: string; username: string; avatar: string };

/**
 * Reads the identity from the socket query (type=chat, key, userId, username, avatar). Until the
 * live issue adds worker-signed chat tokens this is self-declared, so it is length-capped and
 * treated as plain text everywhere.
 */
export const identityFromUrl = (url: URL): ChatIdentity => {
  const param = (name: string, fallback: string) =>
    (url.searchParams.get(name) ?? '').slice(0, 64) || fallback;
  return {
    userId: param('userId', 'anonymous'),
    username: param('username', 'Guest'),
    avatar: param('avatar', ''),
  };
};

/** Parses raw socket text into the sender's message, or null when it is not one we accept. */
export const parseClientMessage = (raw: string | ArrayBuffer | ArrayBufferView): string | null =>
  safeParseJson(raw, ChatClientMessageSchema)?.message ?? null;

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

/** Appends a message and keeps only the most recent ones the room remembers. */
export const appendRecent = (
  recent: readonly ChatMessage[],
  message: ChatMessage,
  max: number = LIMITS.chatRecentMessages,
): ChatMessage[] => [...recent, message].slice(-max);

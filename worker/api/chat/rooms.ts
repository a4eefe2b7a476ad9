import { getServerByName } from 'partyserver';
import type { ChatMessage, StreamStatus, TipNotification } from '../../../schema/live';

/**
 * The worker's side of the rooms (DESIGN.md §8): what only the server may say reaches a room
 * through its Durable Object stub, never through a client socket. `room` is the stream key's public
 * id (`stream_keys.id`) for both the chat and the status room.
 */

/** Puts a tip's system message into a stream's chat (the money work calls this after a tip). */
export const sendTipNotification = async (
  env: Env,
  room: string,
  tip: TipNotification,
): Promise<ChatMessage> => (await getServerByName(env.Chat, room)).notifyTip(tip);

/** Forgets a chat room's messages and tells its clients (`recent_messages` with an empty list). */
export const clearChatMessages = async (env: Env, room: string): Promise<void> =>
  (await getServerByName(env.Chat, room)).clearMessages();

/** Pushes a stream's live state to everyone watching its status room (the ingest calls this). */
export const setStreamStatus = async (env: Env, room: string, status: StreamStatus): Promise<void> =>
  (await getServerByName(env.Status, room)).setStatus(status);

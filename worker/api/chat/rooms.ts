import { getServerByName, type Lobby, routePartykitRequest } from 'partyserver';
import type { ChatMessage, StreamStatus, TipNotification } from '../../../schema/live';
import { notFound } from '../../lib/errors';
import { requireStreamRoom } from './service';

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

/** The Durable Object classes that are rooms; `/parties/` reaches no other binding. */
const ROOM_CLASSES: ReadonlySet<string> = new Set(['Chat', 'Status']);

/**
 * Routes `/parties/<party>/<room>` to its room, only when the room is an existing stream key's
 * public id. The check runs in the worker before the Durable Object is touched, so a made-up name
 * creates no object and no storage; the thrown 404 becomes our JSON error in the app's error
 * handler. Null when the path names no room. The worker's own calls above use real ids only.
 */
export const routeRoomRequest = (request: Request, env: Env): Promise<Response | null> => {
  const requireRoom = async (_request: Request, lobby: Lobby<Env>) => {
    if (!ROOM_CLASSES.has(lobby.className)) throw notFound();
    await requireStreamRoom(env.DB, lobby.name);
  };
  return routePartykitRequest(request, env, { onBeforeConnect: requireRoom, onBeforeRequest: requireRoom });
};

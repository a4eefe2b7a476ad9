import { getServerByName, type Lobby, routePartykitRequest } from 'partyserver';
import { roomOfShard } from '../../../party/chat-shard';
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

/** The Durable Object classes that hold sockets; `/parties/` reaches no other binding. */
const ROOM_CLASSES: ReadonlySet<string> = new Set(['ChatShard', 'Status']);
/** The most shards one chat room spreads over: 16 × ~10,000 sockets covers 100,000+ viewers. */
export const MAX_CHAT_SHARDS = 16;
const SHARD_NAME = /^(.+):(\d+)$/;

/**
 * A chat socket goes to one of its room's shards (`ChatShard`, named `<room>:<k>`), picked at random
 * among `shards` (the `?shards=` hint, 1 by default, at most MAX_CHAT_SHARDS): the room (`Chat`)
 * keeps the rules and history, the shards hold the sockets. Clients keep using `/parties/chat/<room>`.
 */
const toShardRequest = (request: Request): Request => {
  const url = new URL(request.url);
  const match = /^\/parties\/chat\/([^/]+)$/.exec(url.pathname);
  if (!match) return request;
  const asked = Number.parseInt(url.searchParams.get('shards') ?? '1', 10);
  const shards = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), MAX_CHAT_SHARDS) : 1;
  url.pathname = `/parties/chat-shard/${match[1]}:${Math.floor(Math.random() * shards)}`;
  return new Request(url, request);
};

/** The stream key id a room or shard name stands for; null for a shard number out of range. */
const streamRoomOf = (lobby: Lobby<Env>): string | null => {
  if (lobby.className !== 'ChatShard') return lobby.name;
  const match = SHARD_NAME.exec(lobby.name);
  return match && Number(match[2]) < MAX_CHAT_SHARDS ? roomOfShard(lobby.name) : null;
};

/**
 * Routes `/parties/<party>/<room>` to its room, only when the room is an existing stream key's
 * public id. The check runs in the worker before the Durable Object is touched, so a made-up name
 * creates no object and no storage; the thrown 404 becomes our JSON error in the app's error
 * handler. Null when the path names no room. The worker's own calls above use real ids only.
 */
export const routeRoomRequest = (request: Request, env: Env): Promise<Response | null> => {
  const requireRoom = async (_request: Request, lobby: Lobby<Env>) => {
    const room = ROOM_CLASSES.has(lobby.className) ? streamRoomOf(lobby) : null;
    if (room === null) throw notFound();
    await requireStreamRoom(env.DB, room);
  };
  return routePartykitRequest(toShardRequest(request), env, {
    onBeforeConnect: requireRoom,
    onBeforeRequest: requireRoom,
  });
};

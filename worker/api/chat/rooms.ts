import { getServerByName, type Lobby, routePartykitRequest } from 'partyserver';
import { roomOfShard } from '../../../party/chat-shard';
import { MAX_CHAT_SHARDS } from '../../../party/shard-choice';
import type { ChatMessage, StreamStatus, TipNotification } from '../../../schema/live';
import { configFor } from '../../config/config';
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

/** A moderator's Delete: the room drops the message everywhere; null when it no longer holds it. */
export const deleteChatMessage = async (
  env: Env,
  room: string,
  messageId: string,
): Promise<ChatMessage | null> => (await getServerByName(env.Chat, room)).deleteMessage(messageId);

/** A message the room still holds (its last 50), for a report; null when it is gone. */
export const findChatMessage = async (
  env: Env,
  room: string,
  messageId: string,
): Promise<ChatMessage | null> => (await getServerByName(env.Chat, room)).findMessage(messageId);

/** Tells each room that the creator's rules, moderators or sanctions changed: they read them again. */
export const reloadModeration = async (env: Env, rooms: readonly string[]): Promise<void> => {
  await Promise.all(rooms.map(async (room) => (await getServerByName(env.Chat, room)).moderationChanged()));
};

/** Pushes a stream's live state to everyone watching its status room (the ingest calls this). */
export const setStreamStatus = async (env: Env, room: string, status: StreamStatus): Promise<void> =>
  (await getServerByName(env.Status, room)).setStatus(status);

/** The Durable Object classes that hold sockets; `/parties/` reaches no other binding. */
const ROOM_CLASSES: ReadonlySet<string> = new Set(['ChatShard', 'Status']);
const SHARD_NAME = /^(.+):(\d+)$/;
const CHAT_ROOM_PATH = /^\/parties\/chat\/([^/]+)$/;

/** The stream key id a room or shard name stands for; null for a shard number out of range. */
const streamRoomOf = (lobby: Lobby<Env>): string | null => {
  if (lobby.className !== 'ChatShard') return lobby.name;
  const match = SHARD_NAME.exec(lobby.name);
  return match && Number(match[2]) < MAX_CHAT_SHARDS ? roomOfShard(lobby.name) : null;
};

/**
 * A chat socket (`/parties/chat/<room>`) goes to one of its room's shards (`ChatShard`, named
 * `<room>:<k>`), the one the room picks (`Chat.pickShard`: as few shards as the audience needs, the
 * least loaded). Nothing in the URL changes the pick: a `?shards=` once let anyone spread a room
 * (issue 23 §3); only the worker's `CHAT_SHARD_CAPACITY` var does (the party tests, the bench). The
 * room (`Chat`) keeps the rules, the history and the viewer count, the shards hold the sockets. A
 * request that is no socket (it opens nothing) goes to shard 0 without asking the room.
 */
const toShardRequest = async (request: Request, env: Env, room: string): Promise<Request> => {
  const url = new URL(request.url);
  const isSocket = request.headers.get('Upgrade')?.toLowerCase() === 'websocket';
  const shard = isSocket
    ? await (await getServerByName(env.Chat, room)).pickShard(configFor(env).CHAT_SHARD_CAPACITY)
    : `${room}:0`;
  url.pathname = `/parties/chat-shard/${shard}`;
  return new Request(url, request);
};

/**
 * Routes `/parties/<party>/<room>` to its room, only when the room is an existing stream key's
 * public id. The check runs in the worker before any Durable Object is touched, so a made-up name
 * creates no object and no storage; the thrown 404 becomes our JSON error in the app's error
 * handler. Null when the path names no room. The worker's own calls above use real ids only.
 */
export const routeRoomRequest = async (request: Request, env: Env): Promise<Response | null> => {
  const chatRoom = CHAT_ROOM_PATH.exec(new URL(request.url).pathname)?.[1];
  if (chatRoom !== undefined) await requireStreamRoom(env.DB, chatRoom);
  const requireRoom = async (_request: Request, lobby: Lobby<Env>) => {
    const room = ROOM_CLASSES.has(lobby.className) ? streamRoomOf(lobby) : null;
    if (room === null) throw notFound();
    // A shard is reached only through `/parties/chat/<room>`, where the room picks it: no client
    // chooses its shard, and every socket counts against the room's caps the same way.
    if (lobby.className === 'ChatShard' && chatRoom === undefined) throw notFound();
    // A chat socket's room was checked before its shard was picked.
    if (room !== chatRoom) await requireStreamRoom(env.DB, room);
  };
  return routePartykitRequest(
    chatRoom === undefined ? request : await toShardRequest(request, env, chatRoom),
    env,
    {
      onBeforeConnect: requireRoom,
      onBeforeRequest: requireRoom,
    },
  );
};

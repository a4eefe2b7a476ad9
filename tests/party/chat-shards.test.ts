import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { freshAddress } from './chat-client';
import { type ChatUser, newRoom, registerUser } from './chat-user';
import { TEST_SHARD_CAPACITY } from './global-setup';
import { pause, until } from './wait';

/**
 * A raw socket on a sharded room: every frame as sent (a `batch`'s in order), how many WebSocket
 * messages carried them, and the shard its welcome names.
 */
type ShardClient = { socket: WebSocket; frames: Record<string, unknown>[]; wires: number; shard: string };

const open: WebSocket[] = [];
/**
 * Joins `room` from a fresh address; resolves on the welcome (`recent_messages`). The test worker's
 * shards hold 3 sockets each, so a room of a few sockets spreads over several.
 */
const joinSharded = (room: string, token?: string): Promise<ShardClient> => {
  const url = new URL(`/parties/chat/${room}`, inject('workerUrl').replace('http', 'ws'));
  if (token) url.searchParams.set('token', token);
  return joinShardedAt(url, freshAddress());
};
const joinShardedAt = (url: URL, address: string): Promise<ShardClient> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { 'CF-Connecting-IP': address } });
    open.push(socket);
    const client: ShardClient = { socket, frames: [], wires: 0, shard: '' };
    socket.on('message', (data) => {
      const wire = JSON.parse(String(data)) as Record<string, unknown>;
      client.wires++;
      client.frames.push(...(wire.type === 'batch' ? (wire.frames as Record<string, unknown>[]) : [wire]));
      if (wire.type === 'recent_messages' && client.wires === 1) {
        client.shard = String(wire.shard);
        resolve(client);
      }
    });
    socket.once('error', reject);
  });
const say = (client: ShardClient, text: string) =>
  client.socket.send(JSON.stringify({ type: 'chat_message', message: text }));
const lines = (client: ShardClient) =>
  client.frames.flatMap((frame) =>
    frame.type === 'chat_message' ? [(frame.message as { message: string }).message] : [],
  );

let alice: ChatUser;
beforeAll(async () => {
  alice = await registerUser();
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

describe('a chat room spread over shard objects', () => {
  it('relays one message to 30 clients on several shards exactly once each, in order', async () => {
    const room = await newRoom();
    const token = await alice.chatToken(room);
    const clients = await Promise.all(
      Array.from({ length: 30 }, (_, i) => joinSharded(room, i === 0 ? token : undefined)),
    );
    const shards = new Set(clients.map((client) => client.shard));
    expect(shards.size).toBeGreaterThanOrEqual(2);

    const [speaker] = clients;
    if (!speaker) throw new Error('no speaker');
    say(speaker, 'one');
    say(speaker, 'two');
    await until(
      () => clients.every((client) => lines(client).length >= 2),
      () => clients.map((client) => lines(client).length).join(','),
    );
    await pause(300);
    for (const client of clients) expect(lines(client)).toEqual(['one', 'two']);
  });

  it("writes a tick's messages to each socket as one WebSocket message, in order", async () => {
    const room = await newRoom();
    const token = await alice.chatToken(room);
    const clients = await Promise.all(
      Array.from({ length: 6 }, (_, i) => joinSharded(room, i === 0 ? token : undefined)),
    );
    const [speaker] = clients;
    if (!speaker) throw new Error('no speaker');
    const burst = ['b1', 'b2', 'b3', 'b4', 'b5'];
    for (const text of burst) say(speaker, text);
    await until(
      () => clients.every((client) => lines(client).length === burst.length),
      () => clients.map((client) => lines(client).length).join(','),
    );
    for (const client of clients) {
      expect(lines(client)).toEqual(burst);
      // The welcome, then the burst: one message per 60 ms tick it spans, not one per line.
      expect(client.wires - 1).toBeLessThan(burst.length);
    }
  });

  it('limits a user with sockets on two shards as one user', async () => {
    const room = await newRoom();
    const token = await alice.chatToken(room);
    // The first shard's 3 places taken in turn, the fourth socket opens the second shard.
    const sockets: ShardClient[] = [];
    for (let i = 0; i <= TEST_SHARD_CAPACITY; i++) sockets.push(await joinSharded(room, token));
    const first = sockets[0];
    const second = sockets.at(-1);
    if (!first || !second) throw new Error('no sockets');
    expect(second.shard).not.toBe(first.shard);
    const listener = await joinSharded(room);

    for (let i = 0; i < 10; i++) say(i % 2 === 0 ? first : second, `m${i}`);
    const refusals = () =>
      [first, second].flatMap((client) =>
        client.frames.filter(
          (frame) => frame.type === 'error' && frame.message === 'You are sending messages too fast',
        ),
      ).length;
    await until(
      () => refusals() === 5 && lines(listener).length === 5,
      () => `${refusals()} refused, ${lines(listener)}`,
    );
    await pause(300);
    expect(lines(listener)).toHaveLength(5);
  });

  it('sends a newcomer on another shard the history the room keeps', async () => {
    const room = await newRoom();
    const speaker = await joinSharded(room, await alice.chatToken(room));
    say(speaker, 'first');
    say(speaker, 'second');
    await until(
      () => lines(speaker).length === 2,
      () => String(lines(speaker)),
    );

    for (let i = 1; i < TEST_SHARD_CAPACITY; i++) await joinSharded(room);
    const late = await joinSharded(room);
    expect(late.shard).not.toBe(speaker.shard);
    const history = late.frames[0]?.messages as { message: string }[];
    expect(history.map((m) => m.message)).toEqual(['first', 'second']);
  });

  it("keeps a room within one shard's capacity on one shard, and spreads a join storm evenly over the shards it opens", async () => {
    const small = await newRoom();
    const few = await Promise.all(Array.from({ length: TEST_SHARD_CAPACITY }, () => joinSharded(small)));
    expect(new Set(few.map((client) => client.shard))).toEqual(new Set([`${small}:0`]));

    // 15 sockets at once: the room picks the least loaded shard for each, counting the sockets it
    // sent whose join has not arrived, so the storm fills 5 shards 3/3/3/3/3.
    const big = await newRoom();
    const storm = await Promise.all(Array.from({ length: 15 }, () => joinSharded(big)));
    const perShard = new Map<string, number>();
    for (const client of storm) perShard.set(client.shard, (perShard.get(client.shard) ?? 0) + 1);
    expect(Object.fromEntries(perShard)).toEqual(
      Object.fromEntries(Array.from({ length: 5 }, (_, k) => [`${big}:${k}`, TEST_SHARD_CAPACITY])),
    );
  });

  it('lets no URL choose the spread: `?shards=` is ignored, and a shard cannot be opened directly', async () => {
    const room = await newRoom();
    const url = new URL(`/parties/chat/${room}`, inject('workerUrl').replace('http', 'ws'));
    url.searchParams.set('shards', '16');
    const asked = await Promise.all(
      Array.from({ length: TEST_SHARD_CAPACITY }, () => joinShardedAt(url, freshAddress())),
    );
    expect(new Set(asked.map((client) => client.shard))).toEqual(new Set([`${room}:0`]));

    const direct = new URL(`/parties/chat-shard/${room}:5`, inject('workerUrl').replace('http', 'ws'));
    const status = await new Promise<number | 'open'>((resolve, reject) => {
      const socket = new WebSocket(direct);
      socket.once('open', () => {
        socket.close();
        resolve('open');
      });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', reject);
    });
    expect(status).toBe(404);
  });
});

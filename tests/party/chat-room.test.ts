import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signChatToken } from '../../party/chat-token';
import { type ChatClient, connectChat } from './chat-client';
import { type ChatUser, clearRoom, newRoom, registerUser } from './chat-user';
import { pause, until } from './wait';

const open: ChatClient[] = [];
const join = async (room: string, token?: string) => {
  const client = await connectChat(room, token);
  open.push(client);
  return client;
};
const chatLines = (client: ChatClient) =>
  client.received.flatMap((m) => (m.type === 'chat_message' ? [m.message.message] : []));
const TOO_FAST = 'You are sending messages too fast';
const refusedTooFast = (client: ChatClient) =>
  client.received.filter((m) => m.type === 'error' && m.message === TOO_FAST).length;
let alice: ChatUser;
let bob: ChatUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

describe('chat room over a real WebSocket', () => {
  it("relays a token holder's message to everyone with the token's identity, not the query's", async () => {
    const room = await newRoom();
    const speaker = await join(room, await alice.chatToken(room));
    const listener = await join(room, await bob.chatToken(room));
    const visitor = await join(room);

    speaker.send('gg everyone');

    for (const client of [speaker, listener, visitor]) {
      const got = await client.waitFor((m) => m.type === 'chat_message');
      expect(got).toMatchObject({
        type: 'chat_message',
        message: { username: alice.username, message: 'gg everyone', streamKey: room },
      });
      if (got.type === 'chat_message') expect(got.message.userId).not.toBe('forged');
    }
  });

  it('sends a newcomer the recent messages first', async () => {
    const room = await newRoom();
    const speaker = await join(room, await alice.chatToken(room));
    speaker.send('first');
    speaker.send('second');
    await speaker.waitFor((m) => m.type === 'chat_message' && m.message.message === 'second');

    const late = await join(room);
    const recent = late.received[0];
    expect(recent?.type).toBe('recent_messages');
    if (recent?.type !== 'recent_messages') return;
    expect(recent.messages.map((m) => m.message)).toEqual(['first', 'second']);
    expect(recent.messages[0]).toMatchObject({ username: alice.username, streamKey: room });
  });

  it('lets a visitor read but not send: no token, a forged token, or another room’s token', async () => {
    const room = await newRoom();
    const forged = await signChatToken('not-the-secret', {
      userId: 'x',
      username: 'mallory',
      avatar: '',
      room,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const watcher = await join(room, await bob.chatToken(room));
    const visitors = [
      await join(room),
      await join(room, forged),
      await join(room, await alice.chatToken(await newRoom())),
      await join(room, 'garbage'),
    ];
    for (const visitor of visitors) {
      visitor.send('let me in');
      await visitor.waitFor((m) => m.type === 'error' && m.message === 'Connect Wallet to Chat');
    }
    watcher.send('still here');
    for (const client of [watcher, ...visitors]) await client.waitFor((m) => m.type === 'chat_message');
    expect(chatLines(watcher)).toEqual(['still here']);
  });

  it('keeps rooms apart', async () => {
    const roomA = await newRoom();
    const here = await join(roomA, await alice.chatToken(roomA));
    const elsewhere = await join(await newRoom());
    here.send('only for this room');
    await here.waitFor((m) => m.type === 'chat_message');
    await pause(300);
    expect(chatLines(elsewhere)).toEqual([]);
  });

  it('refuses blank and oversize messages and relays neither', async () => {
    const room = await newRoom();
    const sender = await join(room, await alice.chatToken(room));
    const watcher = await join(room);
    sender.send('   ');
    sender.send('x'.repeat(501));
    await sender.waitFor((m) => m.type === 'error');
    sender.send('ok now');
    await watcher.waitFor((m) => m.type === 'chat_message');
    expect(chatLines(watcher)).toEqual(['ok now']);
  });

  it('refuses a tip_notification sent by a client, even a token holder', async () => {
    const room = await newRoom();
    const sender = await join(room, await alice.chatToken(room));
    const watcher = await join(room);
    sender.socket.send(
      JSON.stringify({
        type: 'tip_notification',
        message: 'free money',
        tipperName: alice.username,
        receiverName: 'x',
        giftName: 'Rose',
        giftIcon: '🌹',
        amount: 1000,
      }),
    );
    await sender.waitFor((m) => m.type === 'error');
    await pause(300);
    expect(watcher.received.filter((m) => m.type !== 'recent_messages')).toEqual([]);
  });

  it('rate-limits a user past five messages in ten seconds', async () => {
    const room = await newRoom();
    const sender = await join(room, await alice.chatToken(room));
    const watcher = await join(room);
    for (let i = 1; i <= 7; i++) sender.send(`burst ${i}`);
    await sender.waitFor((m) => m.type === 'error' && m.message === TOO_FAST);
    await watcher.waitFor((m) => m.type === 'chat_message' && m.message.message === 'burst 5');
    await pause(300);
    expect(chatLines(watcher)).toEqual(['burst 1', 'burst 2', 'burst 3', 'burst 4', 'burst 5']);
  });

  it("limits a user across all their sockets: 10 sockets on one token (the most a user holds) get 5 of 50 through, and others' messages stay remembered", async () => {
    const room = await newRoom();
    const watcher = await join(room, await bob.chatToken(room));
    for (const line of ['bob 1', 'bob 2', 'bob 3']) watcher.send(line);
    await watcher.waitFor((m) => m.type === 'chat_message' && m.message.message === 'bob 3');
    const token = await alice.chatToken(room);
    const sockets = await Promise.all(Array.from({ length: 10 }, () => join(room, token)));

    for (const [s, socket] of sockets.entries()) {
      for (let i = 1; i <= 5; i++) socket.send(`alice ${s}.${i}`);
    }
    const aliceLines = () => chatLines(watcher).filter((line) => line.startsWith('alice'));
    const refused = () => sockets.reduce((sum, socket) => sum + refusedTooFast(socket), 0);
    // Every one of the 50 sends is answered: relayed to the room or refused to its socket.
    await until(
      () => aliceLines().length + refused() === 50,
      () => `${aliceLines().length} relayed, ${refused()} refused`,
    );
    expect(aliceLines()).toHaveLength(5);
    expect(refused()).toBe(45);

    const late = await join(room);
    const recent = late.received[0];
    if (recent?.type !== 'recent_messages') throw new Error('expected recent_messages first');
    expect(recent.messages.map((m) => m.message)).toEqual(['bob 1', 'bob 2', 'bob 3', ...aliceLines()]);
  });

  it('keeps counting when the user reconnects: a new socket after five messages is refused', async () => {
    const room = await newRoom();
    const watcher = await join(room);
    const first = await join(room, await alice.chatToken(room));
    for (let i = 1; i <= 5; i++) first.send(`before ${i}`);
    await watcher.waitFor((m) => m.type === 'chat_message' && m.message.message === 'before 5');
    first.close();

    const again = await join(room, await alice.chatToken(room));
    again.send('after reconnecting');
    await again.waitFor((m) => m.type === 'error' && m.message === TOO_FAST);
    await pause(300);
    expect(chatLines(watcher)).not.toContain('after reconnecting');
  });

  it("does not limit a second user for the first user's burst", async () => {
    const room = await newRoom();
    const first = await join(room, await alice.chatToken(room));
    const second = await join(room, await bob.chatToken(room));
    for (let i = 1; i <= 6; i++) first.send(`alice ${i}`);
    await first.waitFor((m) => m.type === 'error' && m.message === TOO_FAST);
    for (let i = 1; i <= 5; i++) second.send(`bob ${i}`);
    await second.waitFor((m) => m.type === 'chat_message' && m.message.message === 'bob 5');
    expect(refusedTooFast(second)).toBe(0);
    expect(chatLines(second).filter((line) => line.startsWith('bob'))).toEqual([
      'bob 1',
      'bob 2',
      'bob 3',
      'bob 4',
      'bob 5',
    ]);
  });

  it('remembers only the last 50 messages', async () => {
    const room = await newRoom();
    // Eleven users share the load so the per-user rate limit is not what is tested here.
    const users = await Promise.all(Array.from({ length: 11 }, () => registerUser()));
    const tokens = await Promise.all(users.map((user) => user.chatToken(room)));
    const senders = await Promise.all(tokens.map((token) => join(room, token)));
    for (let i = 1; i <= 55; i++) {
      senders[Math.floor((i - 1) / 5)]?.send(`message ${i}`);
      await senders[0]?.waitFor((m) => m.type === 'chat_message' && m.message.message === `message ${i}`);
    }

    const late = await join(room);
    const recent = late.received[0];
    if (recent?.type !== 'recent_messages') throw new Error('expected recent_messages first');
    expect(recent.messages).toHaveLength(50);
    expect(recent.messages[0]?.message).toBe('message 6');
    expect(recent.messages.at(-1)?.message).toBe('message 55');
  });

  it("lets only the streamer clear the room's messages, and tells everyone", async () => {
    const room = await alice.openStream();
    const speaker = await join(room, await alice.chatToken(room));
    speaker.send('soon gone');
    await speaker.waitFor((m) => m.type === 'chat_message');
    const watcher = await join(room);

    expect(await clearRoom(bob, room)).toBe(403);
    expect(await clearRoom(alice, room)).toBe(200);

    await watcher.waitFor((m) => m.type === 'recent_messages' && m.messages.length === 0);
    const late = await join(room);
    expect(late.received[0]).toEqual({ type: 'recent_messages', messages: [] });
  });
});

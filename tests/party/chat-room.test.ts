import { afterEach, describe, expect, it } from 'vitest';
import { type ChatClient, connectChat } from './chat-client';

const open: ChatClient[] = [];
const join = async (room: string, username: string) => {
  const client = await connectChat(room, username);
  open.push(client);
  return client;
};
const uniqueRoom = () => `room-${crypto.randomUUID()}`;

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

describe('chat room over a real WebSocket', () => {
  it('relays a message to everyone in the room, sender included', async () => {
    const room = uniqueRoom();
    const alice = await join(room, 'alice');
    const bob = await join(room, 'bob');
    const carol = await join(room, 'carol');

    alice.send('gg everyone');

    for (const client of [alice, bob, carol]) {
      const got = await client.waitFor((m) => m.type === 'chat_message');
      expect(got).toMatchObject({
        type: 'chat_message',
        message: { username: 'alice', message: 'gg everyone' },
      });
    }
  });

  it('sends a newcomer the recent messages first', async () => {
    const room = uniqueRoom();
    const alice = await join(room, 'alice');
    alice.send('first');
    alice.send('second');
    await alice.waitFor((m) => m.type === 'chat_message' && m.message.message === 'second');

    const late = await join(room, 'late');
    const recent = late.received[0];
    expect(recent?.type).toBe('recent_messages');
    if (recent?.type !== 'recent_messages') return;
    expect(recent.messages.map((m) => m.message)).toEqual(['first', 'second']);
    expect(recent.messages[0]).toMatchObject({ username: 'alice', streamKey: room });
  });

  it('keeps rooms apart', async () => {
    const here = await join(uniqueRoom(), 'here');
    const elsewhere = await join(uniqueRoom(), 'elsewhere');
    here.send('only for this room');
    await here.waitFor((m) => m.type === 'chat_message');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(elsewhere.received.filter((m) => m.type === 'chat_message')).toEqual([]);
  });

  it('refuses blank and oversize messages and relays neither', async () => {
    const room = uniqueRoom();
    const sender = await join(room, 'sender');
    const watcher = await join(room, 'watcher');
    sender.send('   ');
    sender.send('x'.repeat(501));
    await sender.waitFor((m) => m.type === 'error');
    sender.send('ok now');
    await watcher.waitFor((m) => m.type === 'chat_message');
    expect(watcher.received.filter((m) => m.type === 'chat_message')).toHaveLength(1);
  });

  it('remembers only the last 50 messages', async () => {
    const room = uniqueRoom();
    const sender = await join(room, 'sender');
    for (let i = 1; i <= 55; i++) sender.send(`message ${i}`);
    await sender.waitFor((m) => m.type === 'chat_message' && m.message.message === 'message 55', 10_000);

    const late = await join(room, 'late');
    const recent = late.received[0];
    if (recent?.type !== 'recent_messages') throw new Error('expected recent_messages first');
    expect(recent.messages).toHaveLength(50);
    expect(recent.messages[0]?.message).toBe('message 6');
    expect(recent.messages.at(-1)?.message).toBe('message 55');
  });
});

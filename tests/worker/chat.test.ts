import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { verifyChatToken } from '../../party/chat-token';
import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema, StatusServerMessageSchema } from '../../schema/chat';
import { ChatServerMessageSchema } from '../../schema/live';
import { clearChatMessages, sendTipNotification, setStreamStatus } from '../../worker/api/chat/rooms';
import { chatTokenSecret } from '../../worker/api/chat/token-secret';
import { errorMessage, newCaller, signIn } from './session';

const registered = async () => {
  const { caller, wallet } = await signIn();
  const username = `u${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const result = await caller.json('/api/users', 'POST', {
    username,
    fullName: 'Chat Tester',
    email: `${username}@example.com`,
    description: 'Here to test the chat.',
    avatar: '/media/avatars/chat.svg',
    aptosAddress: wallet.address,
  });
  if (result.status !== 201 && result.status !== 200) throw new Error(JSON.stringify(result.body));
  return { caller, username };
};

/** A WebSocket to a room inside the Workers runtime, collecting its text frames. */
const openSocket = async (path: string) => {
  const response = await SELF.fetch(`http://reel.test${path}`, { headers: { Upgrade: 'websocket' } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no WebSocket for ${path}: ${response.status}`);
  socket.accept();
  const frames: unknown[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener('message', (event) => {
    frames.push(JSON.parse(String(event.data)));
    for (const wake of waiters) wake();
  });
  const waitFor = (predicate: (frame: unknown) => boolean) =>
    new Promise<unknown>((resolve, reject) => {
      const check = () => {
        const found = frames.find(predicate);
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => reject(new Error(`no frame; got ${JSON.stringify(frames)}`)), 5000);
      waiters.add(check);
      check();
    });
  return { socket, frames, waitFor };
};
const chatFrame = (type: string) => (frame: unknown) =>
  ChatServerMessageSchema.safeParse(frame).data?.type === type;

describe('GET /api/chat/token', () => {
  it('refuses a visitor with 401', async () => {
    const result = await newCaller().json('/api/chat/token?room=alice', 'GET');
    expect(result.status).toBe(401);
  });

  it('refuses a signed-in caller without a profile with 403', async () => {
    const { caller } = await signIn();
    const result = await caller.json('/api/chat/token?room=alice', 'GET');
    expect(result.status).toBe(403);
    expect(errorMessage(result.body).code).toBe('forbidden');
  });

  it('asks for a room', async () => {
    const { caller } = await registered();
    expect((await caller.json('/api/chat/token', 'GET')).status).toBe(400);
  });

  it("gives a registered user a ten-minute token for the room that carries the profile's identity", async () => {
    const { caller, username } = await registered();
    const now = Date.now();
    const result = await caller.json('/api/chat/token?room=some-room', 'GET');
    expect(result.status).toBe(200);
    const { token, expiresAt } = dataEnvelope(ChatTokenSchema).parse(result.body).data;
    const lifetime = Date.parse(expiresAt) - now;
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
    const secret = await chatTokenSecret(env, new Date());
    expect(await verifyChatToken(secret, token, 'some-room', new Date())).toMatchObject({ username });
    expect(await verifyChatToken(secret, token, 'other-room', new Date())).toBeNull();
  });
});

describe('DELETE /api/chat/{room}/messages', () => {
  it('refuses a visitor and anyone but the streamer, and clears for the streamer', async () => {
    const owner = await registered();
    const other = await registered();
    const room = owner.username;
    await sendTipNotification(env, room, {
      tipperName: 'bob',
      receiverName: room,
      giftName: 'Rose',
      giftIcon: '🌹',
      amount: 1,
    });

    expect((await newCaller().json(`/api/chat/${room}/messages`, 'DELETE')).status).toBe(401);
    expect((await other.caller.json(`/api/chat/${room}/messages`, 'DELETE')).status).toBe(403);
    const kept = await openSocket(`/parties/chat/${room}`);
    const before = ChatServerMessageSchema.parse(await kept.waitFor(chatFrame('recent_messages')));
    expect(before).toMatchObject({ messages: [{ userId: 'system' }] });

    expect((await owner.caller.json(`/api/chat/${room}/messages`, 'DELETE')).status).toBe(200);
    await kept.waitFor((frame) => {
      const parsed = ChatServerMessageSchema.safeParse(frame).data;
      return parsed?.type === 'recent_messages' && parsed.messages.length === 0 && frame !== kept.frames[0];
    });
    const late = await openSocket(`/parties/chat/${room}`);
    expect(await late.waitFor(chatFrame('recent_messages'))).toEqual({
      type: 'recent_messages',
      messages: [],
    });
    kept.socket.close();
    late.socket.close();
  });
});

describe('rooms driven by the worker', () => {
  it("broadcasts a tip as a system message and keeps it in the room's history", async () => {
    const room = `room-${crypto.randomUUID()}`;
    const watcher = await openSocket(`/parties/chat/${room}`);
    await watcher.waitFor(chatFrame('recent_messages'));

    await sendTipNotification(env, room, {
      tipperName: 'bob',
      receiverName: 'alice',
      giftName: 'Rose',
      giftIcon: '🌹',
      amount: 5,
      customMessage: 'gg',
    });

    const frame = ChatServerMessageSchema.parse(await watcher.waitFor(chatFrame('tip_notification')));
    expect(frame).toMatchObject({
      type: 'tip_notification',
      message: { userId: 'system', message: 'bob sent 🌹 Rose : gg', streamKey: room },
      tip: { amount: 5 },
    });
    const late = await openSocket(`/parties/chat/${room}`);
    expect(await late.waitFor(chatFrame('recent_messages'))).toMatchObject({
      messages: [{ message: 'bob sent 🌹 Rose : gg' }],
    });
    await clearChatMessages(env, room);
    watcher.socket.close();
    late.socket.close();
  });

  it('pushes the stream status on connect and on every change', async () => {
    const room = `stream-${crypto.randomUUID()}`;
    const watcher = await openSocket(`/parties/status/${room}`);
    const status = (frame: unknown) => StatusServerMessageSchema.parse(frame);
    expect(status(await watcher.waitFor(() => true))).toEqual({
      type: 'status',
      isLive: false,
      sessionId: null,
    });

    await setStreamStatus(env, room, { isLive: true, sessionId: 'session-1' });
    await watcher.waitFor((frame) => StatusServerMessageSchema.safeParse(frame).data?.isLive === true);

    const late = await openSocket(`/parties/status/${room}`);
    expect(status(await late.waitFor(() => true))).toEqual({
      type: 'status',
      isLive: true,
      sessionId: 'session-1',
    });

    await setStreamStatus(env, room, { isLive: false, sessionId: null });
    for (const client of [watcher, late]) {
      await client.waitFor(
        (frame) =>
          StatusServerMessageSchema.safeParse(frame).data?.isLive === false && frame !== watcher.frames[0],
      );
    }
    expect(watcher.frames.map((frame) => status(frame).isLive)).toEqual([false, true, false]);
    watcher.socket.close();
    late.socket.close();
  });
});

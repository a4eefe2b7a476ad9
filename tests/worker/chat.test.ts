import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { verifyChatToken } from '../../party/chat-token';
import { chatTokenSecret } from '../../party/chat-token-secret';
import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema, StatusServerMessageSchema } from '../../schema/chat';
import { ChatServerMessageSchema } from '../../schema/live';
import { clearChatMessages, sendTipNotification, setStreamStatus } from '../../worker/api/chat/rooms';
import { registeredUser } from '../factories/engagement';
import { streamer } from '../factories/live';
import { chatFrame, openSocket } from './room-socket';
import { errorMessage, newCaller, signIn } from './session';

describe('GET /api/chat/token', () => {
  it('refuses a visitor with 401', async () => {
    const owner = await streamer();
    const result = await newCaller().json(`/api/chat/token?room=${owner.key.id}`, 'GET');
    expect(result.status).toBe(401);
  });

  it('refuses a signed-in caller without a profile with 403', async () => {
    const owner = await streamer();
    const { caller } = await signIn();
    const result = await caller.json(`/api/chat/token?room=${owner.key.id}`, 'GET');
    expect(result.status).toBe(403);
    expect(errorMessage(result.body).code).toBe('forbidden');
  });

  it('asks for a room, and the room must be a stream’s public id', async () => {
    const owner = await streamer();
    const fan = await registeredUser();
    expect((await fan.caller.json('/api/chat/token', 'GET')).status).toBe(400);
    const unknown = await fan.caller.json(`/api/chat/token?room=${crypto.randomUUID()}`, 'GET');
    expect(unknown.status).toBe(404);
    const byName = await fan.caller.json(`/api/chat/token?room=${owner.user.username}`, 'GET');
    expect(byName.status).toBe(404);
    const bySecret = await owner.caller.json(`/api/chat/token?room=${owner.key.key}`, 'GET');
    expect(bySecret.status).toBe(404);
  });

  it("gives a registered user a ten-minute token for the stream's room that carries the profile's identity", async () => {
    const owner = await streamer();
    const other = await streamer();
    const fan = await registeredUser();
    // Issued between these two instants (the clock moves across the request); the expiry is in whole seconds.
    const before = Date.now();
    const result = await fan.caller.json(`/api/chat/token?room=${owner.key.id}`, 'GET');
    const after = Date.now();
    expect(result.status).toBe(200);
    const { token, expiresAt } = dataEnvelope(ChatTokenSchema).parse(result.body).data;
    expect(Date.parse(expiresAt)).toBeGreaterThan(before + 10 * 60_000 - 1000);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + 10 * 60_000);
    const secret = await chatTokenSecret(env, new Date());
    expect(await verifyChatToken(secret, token, owner.key.id, new Date())).toMatchObject({
      userId: fan.user.id,
      username: fan.user.username,
    });
    expect(await verifyChatToken(secret, token, other.key.id, new Date())).toBeNull();
  });
});

describe('DELETE /api/chat/{id}/messages', () => {
  it('refuses a visitor and anyone but the streamer, and clears for the streamer', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const room = owner.key.id;
    await sendTipNotification(env, room, {
      tipperName: 'bob',
      receiverName: owner.user.username,
      giftName: 'Rose',
      giftIcon: '🌹',
      amount: 1,
    });

    expect((await newCaller().json(`/api/chat/${room}/messages`, 'DELETE')).status).toBe(401);
    expect((await other.caller.json(`/api/chat/${room}/messages`, 'DELETE')).status).toBe(403);
    expect((await owner.caller.json(`/api/chat/${owner.user.username}/messages`, 'DELETE')).status).toBe(404);
    const kept = await openSocket(`/parties/chat/${room}`);
    const before = ChatServerMessageSchema.parse(await kept.waitFor(chatFrame('recent_messages')));
    expect(before).toMatchObject({ messages: [{ userId: 'system' }] });

    expect((await owner.caller.json(`/api/chat/${room}/messages`, 'DELETE')).status).toBe(200);
    await kept.waitFor((frame) => {
      const parsed = ChatServerMessageSchema.safeParse(frame).data;
      return parsed?.type === 'recent_messages' && parsed.messages.length === 0 && frame !== kept.frames[0];
    });
    const late = await openSocket(`/parties/chat/${room}`);
    expect(await late.waitFor(chatFrame('recent_messages'))).toMatchObject({
      type: 'recent_messages',
      messages: [],
    });
    kept.socket.close();
    late.socket.close();
  });
});

describe('rooms driven by the worker', () => {
  it("broadcasts a tip as a system message and keeps it in the room's history", async () => {
    const room = (await streamer()).key.id;
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
    const room = (await streamer()).key.id;
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

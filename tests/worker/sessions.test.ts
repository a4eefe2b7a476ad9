import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { StatusServerMessageSchema } from '../../schema/chat';
import { ChatServerMessageSchema, SessionStatsSchema, SessionStatusReportSchema } from '../../schema/live';
import { LiveSessionSchema, StreamSessionSchema } from '../../schema/live-session';
import { sendTipNotification, setStreamStatus } from '../../worker/api/chat/rooms';
import { insertUser } from '../factories/content';
import { registeredUser } from '../factories/engagement';
import { prepareSession, streamer } from '../factories/live';
import { getJson } from './http';
import { chatFrame, openSocket } from './room-socket';
import { errorMessage, newCaller } from './session';

const insertStream = async (userId: string, status: 'prepared' | 'live' | 'ended', title: string) => {
  const keyId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO stream_keys (id, user_id, name, secret_key, playback_id, playback_url, created_at)
       VALUES (?1, ?2, 'Main', ?3, ?4, ?5, '2026-05-01T00:00:00.000Z')`,
    ).bind(keyId, userId, `sk_${keyId}`, `pb_${keyId}`, `/hls/pb_${keyId}/index.m3u8`),
    env.DB.prepare(
      `INSERT INTO stream_sessions (id, stream_key_id, title, status, viewer_count, started_at, created_at, live_until)
       VALUES (?1, ?2, ?3, ?4, 1500, '2026-05-01T10:00:00.000Z', '2026-05-01T09:59:00.000Z', ?5)`,
      // A live session is one whose media is arriving (issue 13.6).
    ).bind(crypto.randomUUID(), keyId, title, status, status === 'live' ? Date.now() + 60_000 : null),
  ]);
  return keyId;
};

describe('GET /api/sessions/active', () => {
  it('lists only live sessions, nested with their key and streamer', async () => {
    const streamer = await insertUser(env.DB, { username: 'streamer' });
    const other = await insertUser(env.DB);
    const third = await insertUser(env.DB);
    await insertStream(streamer.id, 'live', 'Ranked grind');
    await insertStream(other.id, 'ended', 'Yesterday');
    await insertStream(third.id, 'prepared', 'Soon');

    const { status, body } = await getJson('/api/sessions/active');
    expect(status).toBe(200);
    const { data } = dataEnvelope(z.array(LiveSessionSchema)).parse(body);
    expect(data).toHaveLength(1);
    expect(data[0]?.stream_sessions).toMatchObject({
      title: 'Ranked grind',
      status: 'live',
      viewerCount: 1500,
    });
    expect(data[0]?.users).toMatchObject({
      username: 'streamer',
      category: 'Gaming',
      subCategory: 'Valorant',
    });
    expect(data[0]?.stream_keys.playbackUrl).toMatch(/^\/hls\/pb_/);
  });

  it('never reveals the secret stream key to the public', async () => {
    const streamer = await insertUser(env.DB);
    const keyId = await insertStream(streamer.id, 'live', 'Live now');
    const { body } = await getJson('/api/sessions/active');
    expect(JSON.stringify(body)).not.toContain(`sk_${keyId}`);
  });

  it('answers an empty list when nobody is live', async () => {
    const { body } = await getJson('/api/sessions/active');
    expect(body).toEqual({ data: [] });
  });
});

const sessionOf = (body: unknown) => dataEnvelope(StreamSessionSchema).parse(body).data;
const unknownId = () => crypto.randomUUID();

describe('POST /api/sessions (prepare)', () => {
  it('prepares a session on the owner’s key with the trimmed title and description', async () => {
    const owner = await streamer();
    const result = await owner.caller.json('/api/sessions', 'POST', {
      streamKeyId: owner.key.id,
      title: '  Ranked grind ',
      description: 'Climbing tonight',
    });
    expect(result.status).toBe(201);
    expect(sessionOf(result.body)).toMatchObject({
      streamKeyId: owner.key.id,
      title: 'Ranked grind',
      description: 'Climbing tonight',
      status: 'prepared',
      viewerCount: 0,
      startedAt: null,
      endedAt: null,
    });
  });

  it('answers 409 "Stream is already live!" while a session is prepared or live, and again after stop', async () => {
    const owner = await streamer();
    const prepared = await prepareSession(owner, owner.key.id, { start: false });
    const body = { streamKeyId: owner.key.id, title: 'Again', description: '' };
    const whilePrepared = await owner.caller.json('/api/sessions', 'POST', body);
    expect(whilePrepared.status).toBe(409);
    expect(errorMessage(whilePrepared.body)).toEqual({
      code: 'session_exists',
      message: 'Stream is already live!',
    });
    await owner.caller.json(`/api/sessions/${prepared.id}/start`, 'POST');
    expect((await owner.caller.json('/api/sessions', 'POST', body)).status).toBe(409);
    const current = await newCaller().json(`/api/sessions/live/${owner.key.id}`, 'GET');
    expect(dataEnvelope(LiveSessionSchema).parse(current.body).data.stream_sessions.id).toBe(prepared.id);

    await owner.caller.json(`/api/sessions/${prepared.id}/stop`, 'POST');
    expect((await owner.caller.json('/api/sessions', 'POST', body)).status).toBe(201);
  });

  it('lets only one of two racing prepares win', async () => {
    const owner = await streamer();
    const body = { streamKeyId: owner.key.id, title: 'Race', description: '' };
    const results = await Promise.all([1, 2, 3].map(() => owner.caller.json('/api/sessions', 'POST', body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses an inactive key with 409', async () => {
    const owner = await streamer();
    await owner.caller.json(`/api/stream-keys/${owner.key.id}/deactivate`, 'POST');
    const result = await owner.caller.json('/api/sessions', 'POST', { streamKeyId: owner.key.id });
    expect(result.status).toBe(409);
    expect(errorMessage(result.body).message).toBe('This stream key is not active');
  });

  it('refuses a visitor (401), another user’s key (403), an unknown key (404) and long texts (400)', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const body = { streamKeyId: owner.key.id, title: 'Mine', description: '' };
    expect((await newCaller().json('/api/sessions', 'POST', body)).status).toBe(401);
    expect((await other.caller.json('/api/sessions', 'POST', body)).status).toBe(403);
    expect(
      (await owner.caller.json('/api/sessions', 'POST', { ...body, streamKeyId: unknownId() })).status,
    ).toBe(404);
    const longTitle = await owner.caller.json('/api/sessions', 'POST', { ...body, title: 'x'.repeat(141) });
    expect(longTitle.status).toBe(400);
    expect(errorMessage(longTitle.body).message).toContain('Title must be at most 140 characters');
    const longText = await owner.caller.json('/api/sessions', 'POST', {
      ...body,
      description: 'x'.repeat(2001),
    });
    expect(longText.status).toBe(400);
    expect(
      (await owner.caller.json('/api/sessions', 'POST', { ...body, title: 'x'.repeat(140) })).status,
    ).toBe(201);
  });
});

describe('POST /api/sessions/{id}/start and /stop', () => {
  it('starts a prepared session once: a repeat keeps the first start time', async () => {
    const owner = await streamer();
    const prepared = await prepareSession(owner, owner.key.id, { start: false });
    const first = sessionOf((await owner.caller.json(`/api/sessions/${prepared.id}/start`, 'POST')).body);
    expect(first.status).toBe('live');
    expect(first.startedAt).not.toBeNull();
    const again = sessionOf((await owner.caller.json(`/api/sessions/${prepared.id}/start`, 'POST')).body);
    expect(again.startedAt).toBe(first.startedAt);
  });

  it('stops a session: ended, the chat cleared for everyone and the status room told it is offline', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    const room = owner.key.id;
    await sendTipNotification(env, room, {
      tipperName: 'fan',
      receiverName: owner.user.username,
      giftName: 'Rose',
      giftIcon: '🌹',
      amount: 1,
    });
    await setStreamStatus(env, room, { isLive: true, sessionId: session.id });
    const chat = await openSocket(`/parties/chat/${room}`);
    expect(ChatServerMessageSchema.parse(await chat.waitFor(chatFrame('recent_messages')))).toMatchObject({
      messages: [{ userId: 'system' }],
    });
    const status = await openSocket(`/parties/status/${room}`);
    await status.waitFor((frame) => StatusServerMessageSchema.safeParse(frame).data?.isLive === true);

    const result = await owner.caller.json(`/api/sessions/${session.id}/stop`, 'POST');
    expect(result.status).toBe(200);
    const stopped = sessionOf(result.body);
    expect(stopped).toMatchObject({ status: 'ended', startedAt: session.startedAt });
    expect(stopped.endedAt).not.toBeNull();

    await chat.waitFor((frame) => {
      const parsed = ChatServerMessageSchema.safeParse(frame).data;
      return parsed?.type === 'recent_messages' && parsed.messages.length === 0;
    });
    await status.waitFor((frame) => StatusServerMessageSchema.safeParse(frame).data?.isLive === false);
    expect((await newCaller().json(`/api/sessions/live/${owner.key.id}`, 'GET')).status).toBe(404);
    const restart = await owner.caller.json(`/api/sessions/${session.id}/start`, 'POST');
    expect(restart.status).toBe(409);
    chat.socket.close();
    status.socket.close();
  });

  it('answers 404 "Unable to stop stream: session ID not found" for an unknown session', async () => {
    const owner = await streamer();
    const result = await owner.caller.json(`/api/sessions/${unknownId()}/stop`, 'POST');
    expect(result.status).toBe(404);
    expect(errorMessage(result.body).message).toBe('Unable to stop stream: session ID not found');
    expect((await owner.caller.json(`/api/sessions/${unknownId()}/start`, 'POST')).status).toBe(404);
  });

  it('refuses start and stop to a visitor (401) and to anyone but the owner (403)', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const session = await prepareSession(owner, owner.key.id, { start: false });
    for (const action of ['start', 'stop']) {
      expect((await newCaller().json(`/api/sessions/${session.id}/${action}`, 'POST')).status).toBe(401);
      expect((await other.caller.json(`/api/sessions/${session.id}/${action}`, 'POST')).status).toBe(403);
    }
    const unchanged = sessionOf((await newCaller().json(`/api/sessions/${session.id}`, 'GET')).body);
    expect(unchanged.status).toBe('prepared');
  });
});

describe('session reads', () => {
  it('lists sessions newest first, for one stream with streamKeyId, paged', async () => {
    const owner = await streamer();
    const first = await prepareSession(owner, owner.key.id);
    await owner.caller.json(`/api/sessions/${first.id}/stop`, 'POST');
    const second = await prepareSession(owner, owner.key.id, { title: 'Second' });
    const elsewhere = await streamer();
    await prepareSession(elsewhere, elsewhere.key.id);

    const mine = await newCaller().json(`/api/sessions?streamKeyId=${owner.key.id}`, 'GET');
    expect(
      dataEnvelope(z.array(StreamSessionSchema))
        .parse(mine.body)
        .data.map((s) => s.id),
    ).toEqual([second.id, first.id]);
    const page = await newCaller().json(`/api/sessions?streamKeyId=${owner.key.id}&limit=1&offset=1`, 'GET');
    expect(
      dataEnvelope(z.array(StreamSessionSchema))
        .parse(page.body)
        .data.map((s) => s.id),
    ).toEqual([first.id]);
    const all = await newCaller().json('/api/sessions', 'GET');
    expect(dataEnvelope(z.array(StreamSessionSchema)).parse(all.body).data).toHaveLength(3);
  });

  it('answers the current session of a stream nested with its key and streamer, 404 when none', async () => {
    const owner = await streamer();
    expect((await newCaller().json(`/api/sessions/live/${owner.key.id}`, 'GET')).status).toBe(404);
    const session = await prepareSession(owner, owner.key.id, { title: 'Tonight' });
    const result = await newCaller().json(`/api/sessions/live/${owner.key.id}`, 'GET');
    expect(result.status).toBe(200);
    const live = dataEnvelope(LiveSessionSchema).parse(result.body).data;
    expect(live.stream_sessions).toMatchObject({ id: session.id, title: 'Tonight', status: 'live' });
    expect(live.stream_keys).toMatchObject({ id: owner.key.id, playbackUrl: owner.key.playbackUrl });
    expect(live.users).toMatchObject({ id: owner.user.id, username: owner.user.username });
    expect((await newCaller().json(`/api/sessions/live/${unknownId()}`, 'GET')).status).toBe(404);
  });

  it('answers one session and its stats, counting the views started on it', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    expect(sessionOf((await newCaller().json(`/api/sessions/${session.id}`, 'GET')).body)).toEqual(session);
    const view = await newCaller().json(`/api/views/streams/${session.id}`, 'POST', {
      sessionId: 'player-1',
    });
    expect(view.status).toBe(201);
    const stats = await newCaller().json(`/api/sessions/${session.id}/stats`, 'GET');
    expect(dataEnvelope(SessionStatsSchema).parse(stats.body).data).toEqual({
      sessionId: session.id,
      status: 'live',
      viewerCount: 0,
      views: 1,
      stats: {},
      startedAt: session.startedAt,
      endedAt: null,
    });
    expect((await newCaller().json(`/api/sessions/${unknownId()}`, 'GET')).status).toBe(404);
    expect((await newCaller().json(`/api/sessions/${unknownId()}/stats`, 'GET')).status).toBe(404);
  });
});

describe('owner session updates', () => {
  it('updates title and description, the viewer count and the stats', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    const path = `/api/sessions/${session.id}`;
    const text = await owner.caller.json(path, 'PUT', { title: 'Finals', description: 'Game 5' });
    expect(sessionOf(text.body)).toMatchObject({ title: 'Finals', description: 'Game 5' });
    const titleOnly = await owner.caller.json(path, 'PUT', { title: 'Finals!' });
    expect(sessionOf(titleOnly.body)).toMatchObject({ title: 'Finals!', description: 'Game 5' });
    const count = await owner.caller.json(`${path}/viewer-count`, 'PUT', { viewerCount: 1500 });
    expect(sessionOf(count.body).viewerCount).toBe(1500);
    const stats = await owner.caller.json(`${path}/stats`, 'PUT', { peakViewers: 1800, bitrate: 6000 });
    expect(sessionOf(stats.body).stats).toEqual({ peakViewers: 1800, bitrate: 6000 });

    const reread = sessionOf((await newCaller().json(path, 'GET')).body);
    expect(reread).toMatchObject({
      title: 'Finals!',
      description: 'Game 5',
      viewerCount: 1500,
      stats: { peakViewers: 1800, bitrate: 6000 },
    });
  });

  it('refuses bad bodies with 400', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    const path = `/api/sessions/${session.id}`;
    expect((await owner.caller.json(path, 'PUT', { title: 'x'.repeat(141) })).status).toBe(400);
    expect((await owner.caller.json(`${path}/viewer-count`, 'PUT', { viewerCount: -1 })).status).toBe(400);
    expect((await owner.caller.json(`${path}/viewer-count`, 'PUT', { viewerCount: 1.5 })).status).toBe(400);
    const huge = await owner.caller.json(`${path}/stats`, 'PUT', { blob: 'x'.repeat(5000) });
    expect(huge.status).toBe(400);
    expect(errorMessage(huge.body).message).toContain('Stats must be at most 4096 bytes');
    expect((await owner.caller.json(`${path}/stats`, 'PUT', [1, 2])).status).toBe(400);
  });

  it('refuses updates to a visitor (401), anyone but the owner (403) and on an unknown session (404)', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const session = await prepareSession(owner, owner.key.id);
    const calls: [string, unknown][] = [
      ['', { title: 'Hijacked' }],
      ['/viewer-count', { viewerCount: 99999 }],
      ['/stats', { fake: true }],
    ];
    for (const [suffix, body] of calls) {
      expect((await newCaller().json(`/api/sessions/${session.id}${suffix}`, 'PUT', body)).status).toBe(401);
      expect((await other.caller.json(`/api/sessions/${session.id}${suffix}`, 'PUT', body)).status).toBe(403);
      expect((await owner.caller.json(`/api/sessions/${unknownId()}${suffix}`, 'PUT', body)).status).toBe(
        404,
      );
    }
    expect(sessionOf((await newCaller().json(`/api/sessions/${session.id}`, 'GET')).body)).toEqual(session);
  });
});

describe('GET /api/sessions/status', () => {
  it('reports the stream by public id or by the owner’s secret key', async () => {
    const owner = await streamer();
    const idle = await newCaller().json(`/api/sessions/status?key=${owner.key.id}`, 'GET');
    expect(dataEnvelope(SessionStatusReportSchema).parse(idle.body).data).toEqual({
      streamKeyId: owner.key.id,
      playbackId: owner.key.playbackId,
      isActive: true,
      isLive: false,
      sessionId: null,
      liveSince: null,
      lastSegmentAt: null,
      whepUrl: null,
    });
    const session = await prepareSession(owner, owner.key.id);
    const bySecret = await owner.caller.json(`/api/sessions/status?key=${owner.key.key}`, 'GET');
    expect(dataEnvelope(SessionStatusReportSchema).parse(bySecret.body).data).toMatchObject({
      streamKeyId: owner.key.id,
      isLive: false,
      sessionId: session.id,
    });
  });

  it('reports live once media arrives at the ingest, and the prepared session goes live with it', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id, { start: false });
    const push = (file: string, body: BodyInit) =>
      newCaller().fetch(`/ingest/${owner.key.key}/${file}`, { method: 'PUT', body });
    expect((await push('index0.ts', new Uint8Array(188))).status).toBe(201);
    const playlist = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nindex0.ts\n';
    expect((await push('index.m3u8', playlist)).status).toBe(201);

    const status = await newCaller().json(`/api/sessions/status?key=${owner.key.id}`, 'GET');
    expect(dataEnvelope(SessionStatusReportSchema).parse(status.body).data).toMatchObject({
      isLive: true,
      sessionId: session.id,
    });
    expect(sessionOf((await newCaller().json(`/api/sessions/${session.id}`, 'GET')).body).status).toBe(
      'live',
    );
  });

  it('treats someone else’s secret like an unknown key, and asks for a key', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const stranger = await other.caller.json(`/api/sessions/status?key=${owner.key.key}`, 'GET');
    expect(stranger.status).toBe(404);
    expect((await newCaller().json(`/api/sessions/status?key=${owner.key.key}`, 'GET')).status).toBe(404);
    expect((await newCaller().json(`/api/sessions/status?key=${unknownId()}`, 'GET')).status).toBe(404);
    expect((await newCaller().json('/api/sessions/status', 'GET')).status).toBe(400);
  });
});

describe('viewer count from the chat room', () => {
  it('writes the number of people in the stream’s chat room to its current session', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    const room = owner.key.id;
    // Three visitors at three addresses (visitors count by address: party/viewers.ts).
    const viewers = await Promise.all(
      [1, 2, 3].map((n) => openSocket(`/parties/chat/${room}`, { 'CF-Connecting-IP': `203.0.113.${n}` })),
    );
    for (const viewer of viewers) await viewer.waitFor(chatFrame('recent_messages'));
    const stub = env.Chat.get(env.Chat.idFromName(room));
    const countNow = async () => {
      await runDurableObjectAlarm(stub);
      return sessionOf((await newCaller().json(`/api/sessions/${session.id}`, 'GET')).body).viewerCount;
    };
    expect(await countNow()).toBe(3);

    viewers[0]?.socket.close();
    await expect.poll(countNow).toBe(2);
    for (const viewer of viewers.slice(1)) viewer.socket.close();
  });
});

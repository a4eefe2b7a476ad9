import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ViewSchema } from '../../schema/content';
import { CreateViewResultSchema, VIEW_RULES } from '../../schema/views';
import { insertUser, insertVideo } from '../factories/content';
import { holdViewClock } from '../factories/view-clock';
import { signUp } from '../factories/views';
import { type Caller, errorMessage, newCaller } from './session';

const created = dataEnvelope(CreateViewResultSchema);
const updated = dataEnvelope(ViewSchema);
const VIEWER_IP = { 'CF-Connecting-IP': '192.0.2.7' };
const BROWSER = { ...VIEWER_IP, 'User-Agent': 'ReelTest/1.0' };

afterEach(() => {
  vi.restoreAllMocks();
});

/** Sends JSON with extra headers (the edge's client IP, the browser's User-Agent). */
const send = async (
  caller: Caller,
  path: string,
  method: string,
  body: unknown,
  headers: HeadersInit = {},
) => {
  const response = await caller.fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};
const viewsOf = async (id: string) =>
  (await env.DB.prepare('SELECT views FROM videos WHERE id = ?1').bind(id).first<{ views: number }>())?.views;
const storedView = (id: string) =>
  env.DB.prepare('SELECT user_id, ip_address, user_agent, session_id FROM views WHERE id = ?1')
    .bind(id)
    .first();

describe('POST /api/views/{type}/{contentId}', () => {
  let videoId = '';
  beforeEach(async () => {
    const creator = await insertUser(env.DB);
    videoId = (await insertVideo(env.DB, creator.id)).id;
  });

  it('records a signed-in view with the edge’s IP and the browser’s User-Agent, and counts it once', async () => {
    const viewer = await signUp('watcher');
    const result = await send(
      viewer.caller,
      `/api/views/videos/${videoId}`,
      'POST',
      { userId: viewer.user.id, sessionId: 'sess-1', ipAddress: '10.0.0.1', userAgent: 'claimed' },
      { ...VIEWER_IP, 'User-Agent': 'ReelTest/1.0' },
    );
    expect(result.status).toBe(201);
    const { viewId } = created.parse(result.body).data;
    expect(await storedView(viewId)).toEqual({
      user_id: viewer.user.id,
      ip_address: '192.0.2.7',
      user_agent: 'ReelTest/1.0',
      session_id: 'sess-1',
    });
    expect(await viewsOf(videoId)).toBe(1);
  });

  it('records a visitor’s view of a short, storing the body’s IP where no edge header says', async () => {
    const creator = await insertUser(env.DB);
    const shortId = (await insertVideo(env.DB, creator.id, { type: 'short' })).id;
    const body = { sessionId: 'visitor-session', ipAddress: '198.51.100.9', userAgent: 'ua', userId: null };
    const first = await send(newCaller(), `/api/views/shorts/${shortId}`, 'POST', body);
    expect(first.status).toBe(201);
    const { viewId } = created.parse(first.body).data;
    expect(await storedView(viewId)).toMatchObject({ user_id: null, ip_address: '198.51.100.9' });
    expect(await viewsOf(shortId)).toBe(1);
  });

  it('records a view of a live stream by session id or playback id', async () => {
    const streamer = await insertUser(env.DB);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO stream_keys (id, user_id, name, secret_key, playback_id, created_at)
         VALUES ('key1', ?1, 'main', 'secret1', 'play1', '2026-01-01T00:00:00.000Z')`,
      ).bind(streamer.id),
      env.DB.prepare(
        `INSERT INTO stream_sessions (id, stream_key_id, status, created_at)
         VALUES ('live1', 'key1', 'live', '2026-01-01T00:00:00.000Z')`,
      ),
    ]);
    for (const id of ['live1', 'play1']) {
      expect((await send(newCaller(), `/api/views/streams/${id}`, 'POST', { sessionId: 's' })).status).toBe(
        201,
      );
    }
    expect((await send(newCaller(), '/api/views/streams/nope', 'POST', { sessionId: 's' })).status).toBe(404);
  });

  it('refuses a userId that is not the caller’s (403) and one sent by a visitor (401)', async () => {
    const viewer = await signUp('honest');
    const other = await insertUser(env.DB);
    const asOther = await send(viewer.caller, `/api/views/videos/${videoId}`, 'POST', {
      userId: other.id,
      sessionId: 's',
    });
    expect(asOther.status).toBe(403);
    const visitor = await send(newCaller(), `/api/views/videos/${videoId}`, 'POST', {
      userId: viewer.user.id,
      sessionId: 's',
    });
    expect(visitor.status).toBe(401);
    expect(await viewsOf(videoId)).toBe(0);
  });

  it('answers 400 for a bad type or body and 404 for unknown or mismatched content', async () => {
    const bad = [
      await send(newCaller(), `/api/views/movies/${videoId}`, 'POST', { sessionId: 's' }),
      await send(newCaller(), `/api/views/videos/${videoId}`, 'POST', {}),
      await send(newCaller(), `/api/views/videos/${videoId}`, 'POST', {
        sessionId: 's',
        userAgent: 'x'.repeat(600),
      }),
    ];
    expect(bad.map((result) => result.status)).toEqual([400, 400, 400]);
    expect(errorMessage(bad[1]?.body).code).toBe('bad_request');
    expect((await send(newCaller(), '/api/views/videos/unknown', 'POST', { sessionId: 's' })).status).toBe(
      404,
    );
    expect((await send(newCaller(), `/api/views/shorts/${videoId}`, 'POST', { sessionId: 's' })).status).toBe(
      404,
    );
  });

  it('lets only the owner view a private video', async () => {
    const owner = await signUp('private_maker');
    const hidden = (await insertVideo(env.DB, owner.user.id, { isPublic: false })).id;
    expect((await send(newCaller(), `/api/views/videos/${hidden}`, 'POST', { sessionId: 's' })).status).toBe(
      404,
    );
    const own = await send(owner.caller, `/api/views/videos/${hidden}`, 'POST', {
      userId: owner.user.id,
      sessionId: 's',
    });
    expect(own.status).toBe(201);
  });
});

describe('one view per viewer per item per 30 minutes', { timeout: 30_000 }, () => {
  let videoId = '';
  beforeEach(async () => {
    const creator = await insertUser(env.DB);
    videoId = (await insertVideo(env.DB, creator.id)).id;
  });
  const startAs = (caller: Caller, body: Record<string, unknown>, headers: HeadersInit = BROWSER) =>
    send(caller, `/api/views/videos/${videoId}`, 'POST', body, headers);

  it('counts 30 starts by one visitor with a new session id each as one view, answering its id again', async () => {
    const answers = [];
    for (let n = 0; n < 30; n++) answers.push(await startAs(newCaller(), { sessionId: `fresh-${n}` }));
    expect(answers.map((answer) => answer.status)).toEqual([201, ...Array(29).fill(200)]);
    const ids = new Set(answers.map((answer) => created.parse(answer.body).data.viewId));
    expect(ids.size).toBe(1);
    expect(await viewsOf(videoId)).toBe(1);
  });

  it('tells visitors apart by the edge’s IP and the browser, never by what the body claims', async () => {
    const claims = [
      { sessionId: 'a', ipAddress: '10.0.0.1', userAgent: 'one' },
      { sessionId: 'b', ipAddress: '10.0.0.2', userAgent: 'two' },
    ];
    for (const claim of claims) await startAs(newCaller(), claim);
    expect(await viewsOf(videoId)).toBe(1);
    // Another browser behind the same address, and the same browser elsewhere, are other viewers.
    await startAs(newCaller(), { sessionId: 'c' }, { ...VIEWER_IP, 'User-Agent': 'OtherBrowser/2' });
    await startAs(newCaller(), { sessionId: 'd' }, { ...BROWSER, 'CF-Connecting-IP': '192.0.2.8' });
    expect(await viewsOf(videoId)).toBe(3);
  });

  it('keeps a visitor as a salted hash: neither the IP nor its plain hash is stored as the viewer', async () => {
    const { viewId } = created.parse((await startAs(newCaller(), { sessionId: 's' })).body).data;
    const row = await env.DB.prepare('SELECT viewer_key FROM views WHERE id = ?1')
      .bind(viewId)
      .first<{ viewer_key: string }>();
    const plain = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('192.0.2.7|ReelTest/1.0'));
    const plainHex = [...new Uint8Array(plain)].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(row?.viewer_key).toMatch(/^visitor:[0-9a-f]{64}$/);
    expect(row?.viewer_key).not.toContain('192.0.2.7');
    expect(row?.viewer_key).not.toContain(plainHex);
  });

  it('counts a signed-in user once whatever their address or session, and again after 30 minutes', async () => {
    const clock = holdViewClock();
    const viewer = await signUp('loyal_viewer');
    const body = (sessionId: string) => ({ userId: viewer.user.id, sessionId });
    await startAs(viewer.caller, body('tab-1'));
    await startAs(viewer.caller, body('tab-2'), { ...BROWSER, 'CF-Connecting-IP': '198.51.100.1' });
    clock.advance(VIEW_RULES.viewerWindowMinutes * 60 - 1);
    expect((await startAs(viewer.caller, body('tab-3'))).status).toBe(200);
    expect(await viewsOf(videoId)).toBe(1);
    clock.advance(2);
    expect((await startAs(viewer.caller, body('tab-4'))).status).toBe(201);
    expect(await viewsOf(videoId)).toBe(2);
  });

  it('counts parallel starts by one viewer once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => startAs(newCaller(), { sessionId: `burst-${n}` })),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(await viewsOf(videoId)).toBe(1);
  });
});

describe('PUT /api/views/{viewId}', () => {
  let videoId = '';
  beforeEach(async () => {
    const creator = await insertUser(env.DB);
    videoId = (await insertVideo(env.DB, creator.id)).id;
  });

  const start = async (caller: Caller, body: Record<string, unknown>, headers: HeadersInit = VIEWER_IP) =>
    created.parse((await send(caller, `/api/views/videos/${videoId}`, 'POST', body, headers)).body).data
      .viewId;

  it('moves a signed-in view forward; watch time never decreases and completion sticks', async () => {
    const clock = holdViewClock();
    const viewer = await signUp('progressor');
    const viewId = await start(viewer.caller, { userId: viewer.user.id, sessionId: 'p' });
    const put = (body: unknown) => send(viewer.caller, `/api/views/${viewId}`, 'PUT', body, VIEWER_IP);

    clock.advance(20);
    const first = await put({ watchDuration: 12.5, isCompleted: false });
    expect(first.status).toBe(200);
    expect(updated.parse(first.body).data).toMatchObject({
      viewId,
      contentType: 'videos',
      contentId: videoId,
      userId: viewer.user.id,
      watchDuration: 12.5,
      isCompleted: false,
    });
    clock.advance(20);
    await put({ watchDuration: 30, isCompleted: true });
    const back = updated.parse((await put({ watchDuration: 5, isCompleted: false })).body).data;
    expect(back).toMatchObject({ watchDuration: 30, isCompleted: true });
  });

  it('refuses another user (403) and a visitor (401) on a signed-in view', async () => {
    const viewer = await signUp('first_viewer');
    const viewId = await start(viewer.caller, { userId: viewer.user.id, sessionId: 'p' });
    const other = await signUp('second_viewer');
    const progress = { watchDuration: 99, isCompleted: true };
    const byOther = await send(other.caller, `/api/views/${viewId}`, 'PUT', progress, VIEWER_IP);
    expect(byOther.status).toBe(403);
    expect(errorMessage(byOther.body).code).toBe('forbidden');
    expect((await send(newCaller(), `/api/views/${viewId}`, 'PUT', progress, VIEWER_IP)).status).toBe(401);
    const row = await env.DB.prepare('SELECT watch_duration FROM views WHERE id = ?1').bind(viewId).first();
    expect(row).toEqual({ watch_duration: 0 });
  });

  it('lets a visitor update only from the same IP and browser, whatever session id it sends', async () => {
    const viewId = await start(newCaller(), { sessionId: 'visitor-1' }, BROWSER);
    const progress = { watchDuration: 0, isCompleted: false };
    const put = (body: unknown, headers: HeadersInit) =>
      send(newCaller(), `/api/views/${viewId}`, 'PUT', body, headers);
    expect((await put({ ...progress, sessionId: 'visitor-1' }, BROWSER)).status).toBe(200);
    expect((await put({ ...progress, sessionId: 'another-tab' }, BROWSER)).status).toBe(200);
    expect((await put(progress, { ...BROWSER, 'User-Agent': 'OtherBrowser/2' })).status).toBe(403);
    const elsewhere = { ...BROWSER, 'CF-Connecting-IP': '192.0.2.99' };
    expect((await put({ ...progress, ipAddress: '192.0.2.7' }, elsewhere)).status).toBe(403);
  });

  it('accepts watch time only up to the seconds since the view began: 86400 claimed on a 2 s video', async () => {
    const clock = holdViewClock();
    await env.DB.prepare('UPDATE videos SET duration = 2 WHERE id = ?1').bind(videoId).run();
    const viewId = await start(newCaller(), { sessionId: 'v' }, BROWSER);
    const put = async (watchDuration: number, isCompleted: boolean) =>
      updated.parse(
        (await send(newCaller(), `/api/views/${viewId}`, 'PUT', { watchDuration, isCompleted }, BROWSER))
          .body,
      ).data;

    expect(await put(86_400, true)).toMatchObject({ watchDuration: 0, isCompleted: false });
    clock.advance(1);
    expect(await put(86_400, true)).toMatchObject({ watchDuration: 1, isCompleted: false });
    // A looping player counts past the length, never past the clock.
    clock.advance(59);
    expect(await put(86_400, false)).toMatchObject({ watchDuration: 60, isCompleted: false });
    expect(await put(86_400, true)).toMatchObject({ watchDuration: 60, isCompleted: true });
  });

  it(`completes a view only once ${VIEW_RULES.completionShare * 100} % of the length has passed that way`, async () => {
    const clock = holdViewClock();
    const viewer = await signUp('completer');
    const viewId = await start(viewer.caller, { userId: viewer.user.id, sessionId: 'c' });
    const put = async (watchDuration: number) =>
      updated.parse(
        (
          await send(
            viewer.caller,
            `/api/views/${viewId}`,
            'PUT',
            { watchDuration, isCompleted: true },
            VIEWER_IP,
          )
        ).body,
      ).data;
    // The test video is 12 s long: 9.6 s completes it.
    clock.advance(12);
    expect(await put(9.5)).toMatchObject({ watchDuration: 9.5, isCompleted: false });
    expect(await put(9.6)).toMatchObject({ watchDuration: 9.6, isCompleted: true });
  });

  it('never completes a view of a live stream, which has no length', async () => {
    const clock = holdViewClock();
    const streamer = await insertUser(env.DB);
    await env.DB.prepare(
      `INSERT INTO stream_keys (id, user_id, name, secret_key, playback_id, created_at)
       VALUES ('key-c', ?1, 'main', 'secret-c', 'play-c', '2026-01-01T00:00:00.000Z')`,
    )
      .bind(streamer.id)
      .run();
    const started = await send(newCaller(), '/api/views/streams/play-c', 'POST', { sessionId: 's' }, BROWSER);
    const { viewId } = created.parse(started.body).data;
    clock.advance(600);
    const done = await send(
      newCaller(),
      `/api/views/${viewId}`,
      'PUT',
      { watchDuration: 600, isCompleted: true },
      BROWSER,
    );
    expect(updated.parse(done.body).data).toMatchObject({ watchDuration: 600, isCompleted: false });
  });

  it('refuses everyone on a view recorded without a viewer (seeded rows)', async () => {
    await env.DB.prepare(
      `INSERT INTO views (id, content_type, content_id, session_id, created_at, updated_at)
       VALUES ('seeded', 'videos', ?1, 's', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    )
      .bind(videoId)
      .run();
    const body = { watchDuration: 1, isCompleted: false, sessionId: 's' };
    expect((await send(newCaller(), '/api/views/seeded', 'PUT', body)).status).toBe(403);
  });

  it('answers 404 for an unknown view and 400 for a bad payload', async () => {
    const progress = { watchDuration: 1, isCompleted: false, sessionId: 's' };
    const unknown = await send(newCaller(), '/api/views/unknown-view', 'PUT', progress);
    expect(unknown.status).toBe(404);
    expect(errorMessage(unknown.body)).toEqual({ code: 'not_found', message: 'View not found' });
    const viewId = await start(newCaller(), { sessionId: 's' });
    for (const body of [
      { watchDuration: -1, isCompleted: false },
      { watchDuration: 3 },
      { watchDuration: 'x', isCompleted: true },
    ]) {
      expect(
        (await send(newCaller(), `/api/views/${viewId}`, 'PUT', { ...body, sessionId: 's' })).status,
      ).toBe(400);
    }
  });
});

describe('GET /api/client-ip', () => {
  it('answers the IP the edge saw', async () => {
    const response = await newCaller().fetch('/api/client-ip', { headers: VIEWER_IP });
    expect(dataEnvelope(z.object({ ip: z.string() })).parse(await response.json()).data.ip).toBe('192.0.2.7');
  });

  it('answers an empty IP where no edge stands in front', async () => {
    expect(await newCaller().json('/api/client-ip', 'GET')).toEqual({
      status: 200,
      body: { data: { ip: '' } },
    });
  });
});

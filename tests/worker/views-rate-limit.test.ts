import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { CreateViewResultSchema, VIEW_RATE_LIMITS } from '../../schema/views';
import { insertUser, insertVideo } from '../factories/content';
import { signUp } from '../factories/views';
import { errorMessage, newCaller } from './session';

/** A start from `ip`; `browser` tells apart the visitors behind one address (as a shared NAT has). */
const post = (path: string, body: unknown, ip: string, browser = 'Browser/1') =>
  newCaller().fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, 'User-Agent': browser },
    body: JSON.stringify(body),
  });

/** Fixed one-minute windows: start a burst early enough in a minute that it cannot straddle two. */
const awayFromWindowEdge = async () => {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 54_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
};

describe('view tracking rate limits', { timeout: 30_000 }, () => {
  let videoId = '';
  beforeEach(async () => {
    const creator = await insertUser(env.DB);
    videoId = (await insertVideo(env.DB, creator.id)).id;
    await awayFromWindowEdge();
  });

  it(`lets the visitors behind one IP start ${VIEW_RATE_LIMITS.createsPerMinute} views a minute, then answers 429`, async () => {
    const path = `/api/views/videos/${videoId}`;
    for (let i = 0; i < VIEW_RATE_LIMITS.createsPerMinute; i++) {
      expect((await post(path, { sessionId: `s${i}` }, '192.0.2.1', `Browser/${i}`)).status).toBe(201);
    }
    const refused = await post(path, { sessionId: 'one-more' }, '192.0.2.1', 'Browser/one-more');
    expect(refused.status).toBe(429);
    expect(errorMessage(await refused.json()).code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // Only recorded views were counted, and another viewer keeps their own budget.
    const counted = await env.DB.prepare('SELECT views FROM videos WHERE id = ?1').bind(videoId).first();
    expect(counted).toEqual({ views: VIEW_RATE_LIMITS.createsPerMinute });
    expect((await post(path, { sessionId: 's' }, '192.0.2.2')).status).toBe(201);
  });

  it('limits a signed-in viewer by user id, whatever their IP', async () => {
    const viewer = await signUp('binge_watcher');
    const window = Math.floor(Date.now() / 60_000);
    await env.DB.prepare('INSERT INTO view_rate_limits (bucket, window_start, hits) VALUES (?1, ?2, ?3)')
      .bind(`create:user:${viewer.user.id}`, window, VIEW_RATE_LIMITS.createsPerMinute)
      .run();
    const response = await viewer.caller.fetch(`/api/views/videos/${videoId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.50' },
      body: JSON.stringify({ userId: viewer.user.id, sessionId: 's' }),
    });
    expect(response.status).toBe(429);
  });

  it(`refuses progress updates past ${VIEW_RATE_LIMITS.updatesPerMinute} a minute per viewer`, async () => {
    const ip = '192.0.2.3';
    const created = await post(`/api/views/videos/${videoId}`, { sessionId: 'u' }, ip);
    const { viewId } = dataEnvelope(CreateViewResultSchema).parse(await created.json()).data;
    const put = (watchDuration: number) =>
      newCaller().fetch(`/api/views/${viewId}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, 'User-Agent': 'Browser/1' },
        body: JSON.stringify({ watchDuration, isCompleted: false, sessionId: 'u' }),
      });
    for (let i = 1; i <= VIEW_RATE_LIMITS.updatesPerMinute; i++) expect((await put(i)).status).toBe(200);
    const refused = await put(999);
    expect(refused.status).toBe(429);
    expect(errorMessage(await refused.json()).code).toBe('rate_limited');
  });

  it('starts a fresh budget in the next window', async () => {
    const window = Math.floor(Date.now() / 60_000);
    await env.DB.prepare('INSERT INTO view_rate_limits (bucket, window_start, hits) VALUES (?1, ?2, 500)')
      .bind('create:ip:192.0.2.4', window - 1)
      .run();
    expect((await post(`/api/views/videos/${videoId}`, { sessionId: 's' }, '192.0.2.4')).status).toBe(201);
    const row = await env.DB.prepare(
      "SELECT window_start, hits FROM view_rate_limits WHERE bucket = 'create:ip:192.0.2.4'",
    ).first();
    expect(row).toEqual({ window_start: window, hits: 1 });
  });
});

import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { type LiveSession, LiveSessionSchema } from '../../schema/live-session';
import { listActiveSessions } from '../../worker/api/sessions/queries';
import { liveClock } from '../../worker/live/clock';
import { prepareSession, streamer } from '../factories/live';
import { newCaller } from './session';

/** Issue 13.6: home lists a stream as live only while its media arrives, never from Prepare to Stop. */

const T0 = Date.parse('2026-06-01T12:00:00.000Z');
let now = T0;
const setNow = (ms: number) => {
  now = ms;
};
afterEach(() => {
  vi.restoreAllMocks();
});
const useTestClock = () => {
  setNow(Date.now());
  vi.spyOn(liveClock, 'now').mockImplementation(() => now);
};

type Streamer = Awaited<ReturnType<typeof streamer>>;

const push = (owner: Streamer, file: string, body: BodyInit) =>
  newCaller().fetch(`/ingest/${owner.key.key}/${file}`, { method: 'PUT', body });

/** What ffmpeg `-f hls -hls_time 2` writes: segment n, then the playlist listing it. */
const pushSegment = async (owner: Streamer, n: number, options: { ended?: boolean } = {}) => {
  expect((await push(owner, `index${n}.ts`, new Uint8Array(188))).status).toBe(201);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', `#EXT-X-MEDIA-SEQUENCE:${n}`];
  lines.push('#EXTINF:2.000000,', `index${n}.ts`);
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  expect((await push(owner, 'index.m3u8', `${lines.join('\n')}\n`)).status).toBe(201);
};

const active = async (): Promise<LiveSession[]> => {
  const response = await newCaller().json('/api/sessions/active', 'GET');
  expect(response.status).toBe(200);
  return dataEnvelope(z.array(LiveSessionSchema)).parse(response.body).data;
};
const entryOf = async (sessionId: string) =>
  (await active()).find((live) => live.stream_sessions.id === sessionId);

describe('GET /api/sessions/active follows the media', () => {
  it('answers a prepared and started session with no media yet as prepared (Starting soon), never live', async () => {
    useTestClock();
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    expect((await entryOf(session.id))?.stream_sessions.status).toBe('prepared');
  });

  it('lists the session live once its media arrives', async () => {
    useTestClock();
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    await pushSegment(owner, 0);
    expect((await entryOf(session.id))?.stream_sessions.status).toBe('live');
  });

  it('drops a session whose media stopped for more than 10 s (encoder killed, no ENDLIST)', async () => {
    useTestClock();
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    await pushSegment(owner, 0);
    setNow(now + 5_000);
    expect((await entryOf(session.id))?.stream_sessions.status).toBe('live');
    setNow(now + 5_500);
    expect(await entryOf(session.id)).toBeUndefined();
    // Still not ended: when media comes back the session is live again.
    await pushSegment(owner, 1);
    expect((await entryOf(session.id))?.stream_sessions.status).toBe('live');
  });

  it('drops a session at once when its encoder ends cleanly (#EXT-X-ENDLIST)', async () => {
    useTestClock();
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    await pushSegment(owner, 0);
    await pushSegment(owner, 1, { ended: true });
    expect(await entryOf(session.id)).toBeUndefined();
  });

  it('stops saying Starting soon 15 minutes after a prepare that never got media', async () => {
    useTestClock();
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    setNow(now + 14 * 60_000);
    expect((await entryOf(session.id))?.stream_sessions.status).toBe('prepared');
    setNow(now + 2 * 60_000);
    expect(await entryOf(session.id)).toBeUndefined();
  });

  it('with Livepeer (no media through our ingest) follows the lifecycle: live from start to stop', async () => {
    useTestClock();
    const owner = await streamer();
    const other = await streamer();
    const started = await prepareSession(owner, owner.key.id);
    const waiting = await prepareSession(other, other.key.id, { start: false });
    const listed = await listActiveSessions(env.DB, now, 'lifecycle');
    const statusOf = (id: string) =>
      listed.find((live) => live.stream_sessions.id === id)?.stream_sessions.status;
    expect(statusOf(started.id)).toBe('live');
    expect(statusOf(waiting.id)).toBe('prepared');
  });
});

import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentViewerCount } from '../../party/viewer-count';
import { dataEnvelope } from '../../schema/api';
import { type SessionDashboard, SessionDashboardSchema } from '../../schema/live-dashboard';
import { StreamSessionSchema } from '../../schema/live-session';
import { sessionDashboard } from '../../worker/api/sessions/dashboard';
import { registeredUser } from '../factories/engagement';
import { fundUser, seedTreasury } from '../factories/ledger';
import { type Actor, prepareSession, streamer } from '../factories/live';
import { mediaPlaylist, pushVariants, put, segmentBytes, steppingClock } from './live-helpers';
import { errorMessage, newCaller } from './session';

const db = env.DB;

beforeEach(() => {
  steppingClock();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const dashboardOf = async (actor: Actor, sessionId: string): Promise<SessionDashboard> => {
  const result = await actor.caller.json(`/api/sessions/${sessionId}/dashboard`, 'GET');
  expect(result.status).toBe(200);
  return dataEnvelope(SessionDashboardSchema).parse(result.body).data;
};

/** A stream tip of `amount` REEL from `fan`, confirmed (its REEL moved) unless `confirm` is false. */
const tip = async (fan: Actor, receiverId: string, sessionId: string, amount: number, confirm = true) => {
  const created = await fan.caller.json('/api/tips', 'POST', {
    tipperId: fan.user.id,
    receiverId,
    tipType: 'stream',
    streamSessionId: sessionId,
    amount,
  });
  expect(created.status).toBe(201);
  const { id } = (created.body as { data: { id: string } }).data;
  if (confirm) expect((await fan.caller.json(`/api/tips/${id}/confirm`, 'POST')).status).toBe(200);
};

describe('GET /api/sessions/:id/dashboard (issue 24.3)', { timeout: 30_000 }, () => {
  it("is the session owner's only: others 403, visitors 401", async () => {
    const host = await streamer();
    const session = await prepareSession(host, host.key.id);
    const other = await registeredUser();

    const theirs = await other.caller.json(`/api/sessions/${session.id}/dashboard`, 'GET');
    expect(theirs.status).toBe(403);
    expect(errorMessage(theirs.body)).toBeTruthy();
    expect((await newCaller().json(`/api/sessions/${session.id}/dashboard`, 'GET')).status).toBe(401);
    const unknown = await host.caller.json(`/api/sessions/${crypto.randomUUID()}/dashboard`, 'GET');
    expect(unknown.status).toBe(404);

    const mine = await dataEnvelope(SessionDashboardSchema).parse(
      (await host.caller.json(`/api/sessions/${session.id}/dashboard`, 'GET')).body,
    ).data;
    expect(mine).toMatchObject({ sessionId: session.id, status: 'live', startedAt: session.startedAt });
  });

  it("totals this session's confirmed tips only", async () => {
    await seedTreasury(db, 10_000);
    const host = await streamer();
    const fan = await registeredUser();
    await fundUser(db, fan.user.id, 1000);
    const earlier = await prepareSession(host, host.key.id, { title: 'Yesterday' });
    await tip(fan, host.user.id, earlier.id, 50);
    expect((await host.caller.json(`/api/sessions/${earlier.id}/stop`, 'POST')).status).toBe(200);
    const now = await prepareSession(host, host.key.id, { title: 'Tonight' });
    await tip(fan, host.user.id, now.id, 10);
    await tip(fan, host.user.id, now.id, 100);
    await tip(fan, host.user.id, now.id, 500, false);

    const { tips } = await dashboardOf(host, now.id);
    expect(tips.count).toBe(2);
    expect(tips.total).toBe(110);
    expect(tips.recent.map((t) => t.amount).sort((a, b) => a - b)).toEqual([10, 100]);
    expect(tips.recent.every((t) => t.tipperUsername === fan.user.username)).toBe(true);
    expect((await dashboardOf(host, earlier.id)).tips).toMatchObject({ count: 1, total: 50 });
  });

  it('keeps the peak viewer count at or above the current one as the room writes counts', async () => {
    const host = await streamer();
    const session = await prepareSession(host, host.key.id);
    for (const count of [3, 7, 2]) await setCurrentViewerCount(db, host.key.id, count);
    expect(await dashboardOf(host, session.id)).toMatchObject({ viewerCount: 2, peakViewerCount: 7 });

    // The owner's own PUT cannot raise the count or the peak past what the room counted.
    const put9 = await host.caller.json(`/api/sessions/${session.id}/viewer-count`, 'PUT', {
      viewerCount: 9,
    });
    expect(put9.status).toBe(409);
    expect(await dashboardOf(host, session.id)).toMatchObject({ viewerCount: 2, peakViewerCount: 7 });
    await setCurrentViewerCount(db, host.key.id, 4);
    expect(await dashboardOf(host, session.id)).toMatchObject({ viewerCount: 4, peakViewerCount: 7 });
  });

  it("measures each rendition's bitrate over its newest listed segments and counts skipped segments", async () => {
    const host = await streamer();
    const session = await prepareSession(host, host.key.id);
    expect((await dashboardOf(host, session.id)).health).toEqual({
      provider: 'local',
      lastSegmentAt: null,
      renditions: [],
    });

    await pushVariants(host.key.key, ['720p', '360p'], 0, 6, { masterAfter: 0 });
    const bytesOf = (n: number) => segmentBytes[n % segmentBytes.length]?.byteLength ?? 0;
    // Segments 2..6 are the newest 5, each listed as 1 s long.
    const newest = [2, 3, 4, 5, 6].reduce((sum, n) => sum + bytesOf(n), 0);
    const expected = Math.round((newest * 8) / 5 / 1000);
    const first = (await dashboardOf(host, session.id)).health;
    expect(first).toMatchObject({
      provider: 'local',
      renditions: [
        { name: '360p', bitrateKbps: expected, measuredSegments: 5, missingSegments: 0 },
        { name: '720p', bitrateKbps: expected, measuredSegments: 5, missingSegments: 0 },
      ],
    });
    expect(first.provider === 'local' && first.lastSegmentAt).toBeGreaterThan(0);

    // 720p7 and 720p8 never arrive; 720p9 does.
    expect((await put(host.key.key, '720p9.ts', segmentBytes[0] ?? new Uint8Array())).status).toBe(201);
    expect((await put(host.key.key, '720p.m3u8', mediaPlaylist('720p', 9))).status).toBe(201);
    const after = (await dashboardOf(host, session.id)).health;
    expect(after.provider === 'local' && after.renditions).toEqual([
      expect.objectContaining({ name: '360p', missingSegments: 0 }),
      expect.objectContaining({ name: '720p', missingSegments: 2 }),
    ]);
  });

  it('says only which provider it is with Livepeer, whose media never pass through our ingest', async () => {
    const host = await streamer();
    const prepared = await prepareSession(host, host.key.id);
    const read = await host.caller.json(`/api/sessions/${prepared.id}`, 'GET');
    const session = dataEnvelope(StreamSessionSchema).parse(read.body).data;
    const dashboard = await sessionDashboard(db, session, 'livepeer');
    expect(dashboard.health).toEqual({ provider: 'livepeer' });
    expect(dashboard).toMatchObject({ sessionId: session.id, viewerCount: 0, peakViewerCount: 0 });
  });
});

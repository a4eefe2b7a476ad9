import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ViewSchema, ViewStatsSchema } from '../../schema/content';
import { insertUser, insertVideo } from '../factories/content';
import { insertViewRow, signUp } from '../factories/views';
import { getJson } from './http';
import { errorMessage, newCaller } from './session';

const statsSchema = dataEnvelope(ViewStatsSchema);
const historySchema = dataEnvelope(z.array(ViewSchema));

describe('GET /api/views/{type}/{id}/stats', () => {
  it('counts total, unique (by user, else IP), completed views and the average watch exactly', async () => {
    const creator = await insertUser(env.DB);
    const fan = await insertUser(env.DB);
    const videoId = (await insertVideo(env.DB, creator.id)).id;
    const otherId = (await insertVideo(env.DB, creator.id)).id;
    const views = [
      // The same user twice from two IPs: one unique viewer.
      { userId: fan.id, ipAddress: '192.0.2.1', watchDuration: 10, isCompleted: true },
      { userId: fan.id, ipAddress: '192.0.2.2', watchDuration: 11, isCompleted: false },
      // Two visitors behind one IP: one unique viewer.
      { ipAddress: '192.0.2.9', watchDuration: 12, isCompleted: true },
      { ipAddress: '192.0.2.9', watchDuration: 5, isCompleted: false },
      // A visitor on the fan's first IP is still someone else.
      { ipAddress: '192.0.2.1', watchDuration: 1, isCompleted: false },
    ];
    for (const view of views)
      await insertViewRow(env.DB, { contentType: 'videos', contentId: videoId, ...view });
    await insertViewRow(env.DB, { contentType: 'videos', contentId: otherId, watchDuration: 500 });
    await insertViewRow(env.DB, { contentType: 'shorts', contentId: videoId, watchDuration: 500 });

    const { status, body } = await getJson(`/api/views/videos/${videoId}/stats`);
    expect(status).toBe(200);
    expect(statsSchema.parse(body).data).toEqual({
      totalViews: 5,
      uniqueViews: 3,
      completedViews: 2,
      // (10 + 11 + 12 + 5 + 1) / 5, each within the video's 12 s.
      averageWatchDuration: 7.8,
    });
  });

  it('answers zeros for content nobody watched', async () => {
    const creator = await insertUser(env.DB);
    const shortId = (await insertVideo(env.DB, creator.id, { type: 'short' })).id;
    expect(statsSchema.parse((await getJson(`/api/views/shorts/${shortId}/stats`)).body).data).toEqual({
      totalViews: 0,
      uniqueViews: 0,
      completedViews: 0,
      averageWatchDuration: 0,
    });
  });

  it('answers 404 for unknown or someone else’s private content, 400 for an unknown type', async () => {
    const owner = await signUp('stats_owner');
    const hidden = (await insertVideo(env.DB, owner.user.id, { isPublic: false })).id;
    expect((await getJson('/api/views/videos/unknown/stats')).status).toBe(404);
    expect((await getJson(`/api/views/videos/${hidden}/stats`)).status).toBe(404);
    expect((await owner.caller.json(`/api/views/videos/${hidden}/stats`, 'GET')).status).toBe(200);
    const bad = await getJson(`/api/views/films/${hidden}/stats`);
    expect(bad.status).toBe(400);
    expect(errorMessage(bad.body).code).toBe('bad_request');
  });
});

describe('GET /api/views/user/{userId}/history', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeEach(async () => {
    owner = await signUp('history_owner');
    const creator = await insertUser(env.DB);
    const videoId = (await insertVideo(env.DB, creator.id)).id;
    for (let day = 1; day <= 25; day++) {
      await insertViewRow(env.DB, {
        contentType: 'videos',
        contentId: videoId,
        userId: owner.user.id,
        watchDuration: day,
        createdAt: new Date(Date.UTC(2026, 3, day)).toISOString(),
      });
    }
    await insertViewRow(env.DB, { contentType: 'videos', contentId: videoId, userId: creator.id });
  });

  it('pages through the owner’s own views, newest first, 20 by default', async () => {
    const first = historySchema.parse(
      (await owner.caller.json(`/api/views/user/${owner.user.id}/history`, 'GET')).body,
    );
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({ userId: owner.user.id, watchDuration: 25, contentType: 'videos' });
    const path = `/api/views/user/${owner.user.id}/history?limit=10&offset=20`;
    const rest = historySchema.parse((await owner.caller.json(path, 'GET')).body).data;
    expect(rest.map((view) => view.watchDuration)).toEqual([5, 4, 3, 2, 1]);
  });

  it('answers 401 to a visitor, 403 to another user and 400 for a bad page', async () => {
    const path = `/api/views/user/${owner.user.id}/history`;
    expect((await newCaller().json(path, 'GET')).status).toBe(401);
    const other = await signUp('history_snoop');
    expect((await other.caller.json(path, 'GET')).status).toBe(403);
    expect((await owner.caller.json(`${path}?limit=1000`, 'GET')).status).toBe(400);
  });
});

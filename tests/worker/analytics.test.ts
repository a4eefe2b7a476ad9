import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import {
  ContentAnalyticsSchema,
  CreateViewResultSchema,
  UserAnalyticsDetailSchema,
} from '../../schema/views';
import { insertUser, insertVideo } from '../factories/content';
import { holdViewClock } from '../factories/view-clock';
import { insertViewRow, setCounters, signUp } from '../factories/views';
import { getJson } from './http';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/analytics/{type}/{id}', () => {
  it('answers the view stats and engagement counters of an item', async () => {
    const creator = await insertUser(env.DB);
    const shortId = (await insertVideo(env.DB, creator.id, { type: 'short' })).id;
    await setCounters(env.DB, shortId, { views: 2, likes: 4, comments: 3, shares: 1, bookmarks: 6 });
    await insertViewRow(env.DB, {
      contentType: 'shorts',
      contentId: shortId,
      watchDuration: 4,
      isCompleted: true,
    });
    await insertViewRow(env.DB, { contentType: 'shorts', contentId: shortId, watchDuration: 8 });

    const { status, body } = await getJson(`/api/analytics/shorts/${shortId}`);
    expect(status).toBe(200);
    expect(dataEnvelope(ContentAnalyticsSchema).parse(body).data).toEqual({
      totalViews: 2,
      uniqueViews: 2,
      completedViews: 1,
      averageWatchDuration: 6,
      views: 2,
      likes: 4,
      comments: 3,
      shares: 1,
      bookmarks: 6,
    });
  });

  it('averages watch time up to the item’s length: a 5 s short looped for a minute counts 5 s', async () => {
    const clock = holdViewClock();
    const creator = await insertUser(env.DB);
    const shortId = (await insertVideo(env.DB, creator.id, { type: 'short' })).id;
    await env.DB.prepare('UPDATE videos SET duration = 5 WHERE id = ?1').bind(shortId).run();
    const looper = await signUp('looper');
    const started = await looper.caller.json(`/api/views/shorts/${shortId}`, 'POST', {
      userId: looper.user.id,
      sessionId: 'loop',
    });
    const { viewId } = dataEnvelope(CreateViewResultSchema).parse(started.body).data;
    clock.advance(60);
    const looped = await looper.caller.json(`/api/views/${viewId}`, 'PUT', {
      watchDuration: 60,
      isCompleted: true,
    });
    expect(looped.status).toBe(200);
    await insertViewRow(env.DB, { contentType: 'shorts', contentId: shortId, watchDuration: 2 });

    const { body } = await getJson(`/api/analytics/shorts/${shortId}`);
    // (min(60, 5) + 2) / 2
    expect(dataEnvelope(ContentAnalyticsSchema).parse(body).data.averageWatchDuration).toBe(3.5);
  });

  it('answers 404 for unknown, wrong-type or someone else’s private items and 400 for a bad type', async () => {
    const owner = await signUp('analytics_owner');
    const videoId = (await insertVideo(env.DB, owner.user.id)).id;
    const hidden = (await insertVideo(env.DB, owner.user.id, { isPublic: false })).id;
    expect((await getJson('/api/analytics/videos/unknown')).status).toBe(404);
    expect((await getJson(`/api/analytics/shorts/${videoId}`)).status).toBe(404);
    expect((await getJson(`/api/analytics/videos/${hidden}`)).status).toBe(404);
    expect((await owner.caller.json(`/api/analytics/videos/${hidden}`, 'GET')).status).toBe(200);
    expect((await getJson(`/api/analytics/streams/${videoId}`)).status).toBe(400);
  });
});

describe('GET /api/analytics/user/{id}', () => {
  it('sums the user’s content and scores engagement as interactions per 100 views', async () => {
    const creator = await insertUser(env.DB, { followers: 12 });
    const a = (await insertVideo(env.DB, creator.id)).id;
    const b = (await insertVideo(env.DB, creator.id, { type: 'short' })).id;
    const c = (await insertVideo(env.DB, creator.id, { type: 'short', isPublic: false })).id;
    await setCounters(env.DB, a, { views: 200, likes: 10, comments: 4, shares: 1 });
    await setCounters(env.DB, b, { views: 100, likes: 5, comments: 0, shares: 2 });
    await setCounters(env.DB, c, { views: 3, likes: 0, comments: 0, shares: 0 });
    const someoneElse = await insertUser(env.DB);
    await setCounters(env.DB, (await insertVideo(env.DB, someoneElse.id)).id, {
      views: 9999,
      likes: 9,
      comments: 9,
      shares: 9,
    });

    const { status, body } = await getJson(`/api/analytics/user/${creator.id}`);
    expect(status).toBe(200);
    expect(dataEnvelope(UserAnalyticsDetailSchema).parse(body).data).toEqual({
      totalViews: 303,
      totalLikes: 15,
      totalComments: 4,
      totalShares: 3,
      videos: 1,
      shorts: 2,
      followers: 12,
      // (15 + 4 + 3) / 303 × 100 = 7.2607 → 7.26
      engagementScore: 7.26,
    });
  });

  it('scores 0 for a user without views and answers 404 for an unknown user', async () => {
    const newcomer = await insertUser(env.DB);
    const { body } = await getJson(`/api/analytics/user/${newcomer.id}`);
    expect(dataEnvelope(UserAnalyticsDetailSchema).parse(body).data).toMatchObject({
      totalViews: 0,
      engagementScore: 0,
      videos: 0,
      shorts: 0,
    });
    expect((await getJson('/api/analytics/user/nobody')).status).toBe(404);
  });
});

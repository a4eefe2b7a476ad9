import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { LikeStateSchema, MarkSchema } from '../../schema/engagement';
import { insertVideo } from '../factories/content';
import { creatorWithContent, registeredUser, unknownId, videoCounters } from '../factories/engagement';
import { errorMessage, newCaller, signIn } from './session';

const likeState = (body: unknown) => dataEnvelope(LikeStateSchema).parse(body).data;

describe('liking videos and shorts', () => {
  it('likes a video, tells who liked it, lists it, and counts it in D1', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const liked = await fan.caller.json('/api/users/likes/videos', 'POST', {
      userId: fan.user.id,
      videoId: video.id,
    });
    expect(liked.status).toBe(200);
    expect(likeState(liked.body)).toEqual({ isLiked: true, likeCount: 1 });
    expect((await videoCounters(video.id))?.likes).toBe(1);

    const check = await newCaller().json(
      `/api/users/likes/videos/check?userId=${fan.user.id}&videoId=${video.id}`,
      'GET',
    );
    expect(check.body).toEqual({ data: { isLiked: true } });
    const list = await newCaller().json(`/api/users/${fan.user.id}/likes/videos`, 'GET');
    const likes = dataEnvelope(z.array(MarkSchema)).parse(list.body).data;
    expect(likes.map((like) => like.videoId)).toEqual([video.id]);
    expect((await newCaller().json(`/api/users/${fan.user.id}/likes/shorts`, 'GET')).body).toEqual({
      data: [],
    });
  });

  it('likes a short with shortId and checks it with shortId', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const body = { userId: fan.user.id, shortId: short.id };
    expect(likeState((await fan.caller.json('/api/users/likes/shorts', 'POST', body)).body)).toEqual({
      isLiked: true,
      likeCount: 1,
    });
    const check = await fan.caller.json(
      `/api/users/likes/shorts/check?userId=${fan.user.id}&shortId=${short.id}`,
      'GET',
    );
    expect(check.body).toEqual({ data: { isLiked: true } });
  });

  it('counts a repeated like once and answers the same', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const body = { userId: fan.user.id, shortId: short.id };
    const first = await fan.caller.json('/api/users/likes/shorts', 'POST', body);
    const second = await fan.caller.json('/api/users/likes/shorts', 'POST', body);
    expect(second).toEqual(first);
    expect((await videoCounters(short.id))?.likes).toBe(1);
  });

  it('counts 20 concurrent likes by the same user once', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const body = JSON.stringify({ userId: fan.user.id, shortId: short.id });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fan.caller.fetch('/api/users/likes/shorts', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    await Promise.all(responses.map((response) => response.body?.cancel()));
    expect((await videoCounters(short.id))?.likes).toBe(1);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM likes WHERE video_id = ?1')
      .bind(short.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('returns to 0 on unlike and stays at 0 when unliked again', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const body = { userId: fan.user.id, videoId: video.id };
    await fan.caller.json('/api/users/likes/videos', 'POST', body);
    const unliked = await fan.caller.json('/api/users/likes/videos', 'DELETE', body);
    expect(likeState(unliked.body)).toEqual({ isLiked: false, likeCount: 0 });
    const again = await fan.caller.json('/api/users/likes/videos', 'DELETE', body);
    expect(again.status).toBe(200);
    expect(likeState(again.body)).toEqual({ isLiked: false, likeCount: 0 });
    expect((await videoCounters(video.id))?.likes).toBe(0);
  });

  it('counts each user once and an unlike removes only the caller’s like', async () => {
    const { video } = await creatorWithContent();
    const [one, two] = [await registeredUser(), await registeredUser()];
    await one.caller.json('/api/users/likes/videos', 'POST', { userId: one.user.id, videoId: video.id });
    const both = await two.caller.json('/api/users/likes/videos', 'POST', {
      userId: two.user.id,
      videoId: video.id,
    });
    expect(likeState(both.body).likeCount).toBe(2);
    const after = await one.caller.json('/api/users/likes/videos', 'DELETE', {
      userId: one.user.id,
      videoId: video.id,
    });
    expect(likeState(after.body).likeCount).toBe(1);
  });
});

describe('refusing likes', () => {
  it('answers 404 for unknown ids, a short on the videos path and a video on the shorts path', async () => {
    const { video, short } = await creatorWithContent();
    const fan = await registeredUser();
    const userId = fan.user.id;
    for (const [path, body, message] of [
      ['/api/users/likes/videos', { userId, videoId: unknownId() }, 'Video not found'],
      ['/api/users/likes/videos', { userId, videoId: short.id }, 'Video not found'],
      ['/api/users/likes/shorts', { userId, shortId: video.id }, 'Short not found'],
    ] as const) {
      for (const method of ['POST', 'DELETE']) {
        const result = await fan.caller.json(path, method, body);
        expect(result.status, `${method} ${path}`).toBe(404);
        expect(errorMessage(result.body).message).toBe(message);
      }
    }
    expect(await videoCounters(video.id)).toMatchObject({ likes: 0 });
    expect(await videoCounters(short.id)).toMatchObject({ likes: 0 });
  });

  it("answers 404 for someone else's private video", async () => {
    const { creator } = await creatorWithContent();
    const hidden = await insertVideo(env.DB, creator.user.id, { isPublic: false });
    const fan = await registeredUser();
    const result = await fan.caller.json('/api/users/likes/videos', 'POST', {
      userId: fan.user.id,
      videoId: hidden.id,
    });
    expect(result.status).toBe(404);
    const own = await creator.caller.json('/api/users/likes/videos', 'POST', {
      userId: creator.user.id,
      videoId: hidden.id,
    });
    expect(likeState(own.body).likeCount).toBe(1);
  });

  it('refuses a like for another user with 403', async () => {
    const { video } = await creatorWithContent();
    const [fan, other] = [await registeredUser(), await registeredUser()];
    const result = await fan.caller.json('/api/users/likes/videos', 'POST', {
      userId: other.user.id,
      videoId: video.id,
    });
    expect(result.status).toBe(403);
    expect((await videoCounters(video.id))?.likes).toBe(0);
  });

  it('refuses visitors (401, even with a bad payload) and unregistered wallets (403)', async () => {
    const { video } = await creatorWithContent();
    const visitor = newCaller();
    expect((await visitor.json('/api/users/likes/videos', 'POST', { videoId: video.id })).status).toBe(401);
    expect((await visitor.json('/api/users/likes/videos', 'DELETE', {})).status).toBe(401);
    const { caller } = await signIn();
    const unregistered = await caller.json('/api/users/likes/videos', 'POST', {
      userId: unknownId(),
      videoId: video.id,
    });
    expect(unregistered.status).toBe(403);
  });

  it('refuses a bad payload with 400 and the message', async () => {
    const fan = await registeredUser();
    const missing = await fan.caller.json('/api/users/likes/videos', 'POST', { userId: fan.user.id });
    expect(missing.status).toBe(400);
    expect(errorMessage(missing.body).message).toBe('videoId: videoId is required');
    const wrongField = await fan.caller.json('/api/users/likes/shorts', 'POST', {
      userId: fan.user.id,
      videoId: unknownId(),
    });
    expect(wrongField.status).toBe(400);
    expect(errorMessage(wrongField.body).message).toBe('shortId: shortId is required');
  });
});

describe('reading likes', () => {
  it('answers 404 for unknown users and content on check and list, 400 for a bad query', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const visitor = newCaller();
    const check = (query: string) => visitor.json(`/api/users/likes/videos/check?${query}`, 'GET');
    expect((await check(`userId=${unknownId()}&videoId=${video.id}`)).status).toBe(404);
    expect((await check(`userId=${fan.user.id}&videoId=${unknownId()}`)).status).toBe(404);
    expect((await check(`userId=${fan.user.id}`)).status).toBe(400);
    expect((await check(`userId=${fan.user.id}&videoId=${video.id}`)).body).toEqual({
      data: { isLiked: false },
    });
    expect((await visitor.json(`/api/users/${unknownId()}/likes/videos`, 'GET')).status).toBe(404);
    expect((await visitor.json(`/api/users/${fan.user.id}/likes/videos?limit=101`, 'GET')).status).toBe(400);
  });

  it('pages a user’s likes newest first with limit and offset', async () => {
    const { creator } = await creatorWithContent();
    const fan = await registeredUser();
    const shorts = [];
    for (let n = 0; n < 3; n++) {
      const short = await insertVideo(env.DB, creator.user.id, { type: 'short' });
      await fan.caller.json('/api/users/likes/shorts', 'POST', { userId: fan.user.id, shortId: short.id });
      shorts.push(short.id);
    }
    const page = await newCaller().json(`/api/users/${fan.user.id}/likes/shorts?limit=2&offset=1`, 'GET');
    const ids = dataEnvelope(z.array(MarkSchema))
      .parse(page.body)
      .data.map((like) => like.videoId);
    expect(ids).toEqual([shorts[1], shorts[0]]);
  });
});

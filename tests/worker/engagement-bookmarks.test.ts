import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { BookmarkStateSchema, MarkSchema } from '../../schema/engagement';
import { MESSAGES } from '../../schema/messages';
import { creatorWithContent, registeredUser, unknownId, videoCounters } from '../factories/engagement';
import { errorMessage, newCaller } from './session';

const bookmarkState = (body: unknown) => dataEnvelope(BookmarkStateSchema).parse(body).data;
const SHORTS_ONLY = MESSAGES.engagement.bookmarksShortsOnly;

describe('bookmarking shorts', () => {
  it('bookmarks a short once, checks and lists it, and removes it back to 0', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const body = { userId: fan.user.id, shortId: short.id };
    const first = await fan.caller.json('/api/users/bookmarks/shorts', 'POST', body);
    expect(bookmarkState(first.body)).toEqual({ isBookmarked: true, bookmarkCount: 1 });
    expect(await fan.caller.json('/api/users/bookmarks/shorts', 'POST', body)).toEqual(first);
    expect((await videoCounters(short.id))?.bookmarks).toBe(1);

    const visitor = newCaller();
    const check = `/api/users/bookmarks/shorts/check?userId=${fan.user.id}&shortId=${short.id}`;
    expect((await visitor.json(check, 'GET')).body).toEqual({ data: { isBookmarked: true } });
    const list = await visitor.json(`/api/users/${fan.user.id}/bookmarks/shorts`, 'GET');
    expect(
      dataEnvelope(z.array(MarkSchema))
        .parse(list.body)
        .data.map((mark) => mark.videoId),
    ).toEqual([short.id]);

    for (let n = 0; n < 2; n++) {
      const removed = await fan.caller.json('/api/users/bookmarks/shorts', 'DELETE', body);
      expect(bookmarkState(removed.body)).toEqual({ isBookmarked: false, bookmarkCount: 0 });
    }
    expect((await visitor.json(check, 'GET')).body).toEqual({ data: { isBookmarked: false } });
    expect((await videoCounters(short.id))?.bookmarks).toBe(0);
  });
});

describe('refusing bookmarks', () => {
  it('refuses a long video with the spec message, whichever way it is asked', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const userId = fan.user.id;
    const attempts = [
      fan.caller.json('/api/users/bookmarks/shorts', 'POST', { userId, shortId: video.id }),
      fan.caller.json('/api/users/bookmarks/shorts', 'DELETE', { userId, shortId: video.id }),
      fan.caller.json('/api/users/bookmarks/videos', 'POST', { userId, videoId: video.id }),
      fan.caller.json(`/api/users/bookmarks/shorts/check?userId=${userId}&shortId=${video.id}`, 'GET'),
      fan.caller.json(`/api/users/bookmarks/videos/check?userId=${userId}&videoId=${video.id}`, 'GET'),
      fan.caller.json(`/api/users/${userId}/bookmarks/videos`, 'GET'),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(400);
      expect(errorMessage(result.body).message).toBe(SHORTS_ONLY);
    }
    expect((await videoCounters(video.id))?.bookmarks).toBe(0);
  });

  it('answers 404 for an unknown short and an unknown user', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const result = await fan.caller.json('/api/users/bookmarks/shorts', 'POST', {
      userId: fan.user.id,
      shortId: unknownId(),
    });
    expect(result.status).toBe(404);
    expect(errorMessage(result.body).message).toBe('Short not found');
    const visitor = newCaller();
    expect((await visitor.json(`/api/users/${unknownId()}/bookmarks/shorts`, 'GET')).status).toBe(404);
    const check = `/api/users/bookmarks/shorts/check?userId=${unknownId()}&shortId=${short.id}`;
    expect((await visitor.json(check, 'GET')).status).toBe(404);
  });

  it('refuses another user’s id (403), a visitor (401) and a bad payload (400)', async () => {
    const { short } = await creatorWithContent();
    const [fan, other] = [await registeredUser(), await registeredUser()];
    const forOther = { userId: other.user.id, shortId: short.id };
    expect((await fan.caller.json('/api/users/bookmarks/shorts', 'POST', forOther)).status).toBe(403);
    expect((await fan.caller.json('/api/users/bookmarks/shorts', 'DELETE', forOther)).status).toBe(403);
    expect((await newCaller().json('/api/users/bookmarks/shorts', 'POST', forOther)).status).toBe(401);
    expect((await newCaller().json('/api/users/bookmarks/videos', 'POST', {})).status).toBe(401);
    const bad = await fan.caller.json('/api/users/bookmarks/shorts', 'POST', { userId: fan.user.id });
    expect(bad.status).toBe(400);
    expect(errorMessage(bad.body).message).toBe('shortId: shortId is required');
    expect((await videoCounters(short.id))?.bookmarks).toBe(0);
  });
});

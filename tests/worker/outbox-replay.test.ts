import { describe, expect, it } from 'vitest';
import { type EngagementRequest, engagementRequestFor } from '../../web/features/engagement/requests';
import { creatorWithContent, followTotals, registeredUser, videoCounters } from '../factories/engagement';
import type { Caller } from './session';

/*
 * The offline outbox sends a queued action from the page, from the service worker, or from both
 * when a page opens during the worker's replay (web/sw/outbox.ts). Both build the request with
 * engagementRequestFor; here each such request goes twice, at once, and the server must end in the
 * one state the user asked for and answer every copy with a 2xx.
 */

const sendTwice = async (caller: Caller, request: EngagementRequest | null) => {
  if (!request) throw new Error('the outbox built no request');
  const send = () =>
    caller.fetch(request.path, {
      method: request.method,
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
    });
  const answers = await Promise.all([send(), send()]);
  return answers.map((answer) => answer.status);
};

describe('the outbox replayed twice', () => {
  it('likes and unlikes a video and a short once each', async () => {
    const { video, short } = await creatorWithContent();
    const fan = await registeredUser();
    for (const [kind, item] of [
      ['videos', video],
      ['shorts', short],
    ] as const) {
      const like = (on: boolean) => ({ kind, id: item.id, userId: fan.user.id, on });
      expect(await sendTwice(fan.caller, engagementRequestFor(['engagement', 'like'], like(true)))).toEqual([
        200, 200,
      ]);
      expect((await videoCounters(item.id))?.likes).toBe(1);
      expect(await sendTwice(fan.caller, engagementRequestFor(['engagement', 'like'], like(false)))).toEqual([
        200, 200,
      ]);
      expect((await videoCounters(item.id))?.likes).toBe(0);
    }
  });

  it('bookmarks and unbookmarks a short once', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const bookmark = (on: boolean) =>
      engagementRequestFor(['engagement', 'bookmark'], { id: short.id, userId: fan.user.id, on });
    expect(await sendTwice(fan.caller, bookmark(true))).toEqual([200, 200]);
    expect((await videoCounters(short.id))?.bookmarks).toBe(1);
    expect(await sendTwice(fan.caller, bookmark(false))).toEqual([200, 200]);
    expect((await videoCounters(short.id))?.bookmarks).toBe(0);
  });

  it('follows and unfollows once', async () => {
    const { creator } = await creatorWithContent();
    const fan = await registeredUser();
    const follow = (on: boolean) =>
      engagementRequestFor(['engagement', 'follow'], {
        followerId: fan.user.id,
        followingId: creator.user.id,
        on,
      });
    expect(await sendTwice(fan.caller, follow(true))).toEqual([200, 200]);
    expect(await followTotals(creator.user.id)).toMatchObject({ followers: 1 });
    expect(await sendTwice(fan.caller, follow(false))).toEqual([200, 200]);
    expect(await followTotals(creator.user.id)).toMatchObject({ followers: 0 });
  });

  it('adds a queued comment once, by its pending id', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const comment = engagementRequestFor(['engagement', 'comment', 'add'], {
      kind: 'videos',
      videoId: video.id,
      userId: fan.user.id,
      content: 'Written on the underground',
      tempId: `temp-${crypto.randomUUID()}`,
      createdAt: new Date().toISOString(),
      author: { username: fan.user.username, fullName: fan.user.fullName, avatar: fan.user.avatar },
    });
    expect(await sendTwice(fan.caller, comment)).toEqual([201, 201]);
    expect((await videoCounters(video.id))?.comments).toBe(1);
  });

  it('records a queued share once, by its key', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const share = engagementRequestFor(['engagement', 'share'], {
      kind: 'shorts',
      id: short.id,
      userId: fan.user.id,
      shareUrl: `https://reel.test/s/${short.id}`,
      key: `share-${crypto.randomUUID()}`,
    });
    expect(await sendTwice(fan.caller, share)).toEqual([201, 201]);
    expect((await videoCounters(short.id))?.shares).toBe(1);
  });

  it('builds nothing for a key that is not engagement’s', () => {
    expect(engagementRequestFor(['tips', 'send'], { amount: 1 })).toBeNull();
    expect(engagementRequestFor(['engagement', 'like'], null)).toBeNull();
  });
});

import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { insertVideo } from '../factories/content';
import { registeredUser, videoCounters } from '../factories/engagement';
import { fundUser, seedTreasury } from '../factories/ledger';
import { streamer } from '../factories/live';
import fixture from '../fixtures/live/segments.json';
import { errorMessage } from './session';

const BASE = 'http://reel.test';

/** A creator's private long video and private short, and a funded fan who is not their owner. */
const setUp = async () => {
  const creator = await registeredUser();
  const fan = await registeredUser();
  const video = await insertVideo(env.DB, creator.user.id, { type: 'video', isPublic: false });
  const short = await insertVideo(env.DB, creator.user.id, { type: 'short', isPublic: false });
  return { creator, fan, video, short };
};

const tipCount = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM tips').first<{ n: number }>())?.n;

describe('private videos and shorts, to anyone but their owner', () => {
  it('answer 404 to a like, bookmark, comment and share, and change no counter', async () => {
    const { fan, video, short } = await setUp();
    const userId = fan.user.id;
    const calls: Array<[string, string, unknown, string]> = [
      ['/api/users/likes/videos', 'POST', { userId, videoId: video.id }, 'Video not found'],
      ['/api/users/likes/shorts', 'POST', { userId, shortId: short.id }, 'Short not found'],
      ['/api/users/bookmarks/shorts', 'POST', { userId, shortId: short.id }, 'Short not found'],
      [`/api/comments/videos/${video.id}`, 'POST', { userId, content: 'hi' }, 'Video not found'],
      [`/api/comments/shorts/${short.id}`, 'POST', { userId, content: 'hi' }, 'Short not found'],
      [`/api/shares/videos/${video.id}`, 'POST', { userId }, 'Video not found'],
      [`/api/shares/shorts/${short.id}`, 'POST', { userId }, 'Short not found'],
    ];
    for (const [path, method, body, message] of calls) {
      const result = await fan.caller.json(path, method, body);
      expect(result.status, path).toBe(404);
      expect(errorMessage(result.body).message, path).toBe(message);
    }
    for (const id of [video.id, short.id]) {
      expect(await videoCounters(id)).toEqual({ likes: 0, comments: 0, shares: 0, bookmarks: 0 });
    }
  });

  it('answer a tip with the same 404 as absent content, and record no tip', async () => {
    await seedTreasury(env.DB, 10_000);
    const { creator, fan, video, short } = await setUp();
    await fundUser(env.DB, fan.user.id, 1000);
    const tip = (extra: Record<string, unknown>) =>
      fan.caller.json('/api/tips', 'POST', {
        tipperId: fan.user.id,
        receiverId: creator.user.id,
        amount: 100,
        ...extra,
      });
    const absent = await tip({ tipType: 'video', videoId: crypto.randomUUID() });
    for (const extra of [
      { tipType: 'video', videoId: video.id },
      { tipType: 'short', shortId: short.id },
    ]) {
      const result = await tip(extra);
      expect(result.status, extra.tipType).toBe(404);
      expect(result.body, extra.tipType).toEqual(absent.body);
    }
    expect(await tipCount()).toBe(0);
  });

  it('still take their owner’s like', async () => {
    const { creator, video } = await setUp();
    const result = await creator.caller.json('/api/users/likes/videos', 'POST', {
      userId: creator.user.id,
      videoId: video.id,
    });
    expect(result.status).toBe(200);
    expect((await videoCounters(video.id))?.likes).toBe(1);
  });
});

describe('live segments under /media', () => {
  const segment = Uint8Array.from(atob(fixture.segments[0]!.base64), (c) => c.charCodeAt(0));

  /** A stream with one pushed segment; answers its R2 key (`live/<playbackId>/<name>.ts`). */
  const pushedSegment = async () => {
    const owner = await streamer();
    const put = (file: string, body: BodyInit) =>
      SELF.fetch(`${BASE}/ingest/${owner.key.key}/${file}`, { method: 'PUT', body });
    expect((await put('index0.ts', segment)).status).toBe(201);
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:1.0,\nindex0.ts\n';
    expect((await put('index.m3u8', playlist)).status).toBe(201);
    const { objects } = await env.MEDIA.list({ prefix: `live/${owner.key.playbackId}/` });
    const key = objects[0]?.key;
    if (!key) throw new Error('no segment stored');
    return { owner, key };
  };

  it('refuses the segments of a private (deactivated) stream, as /hls does', async () => {
    const { owner, key } = await pushedSegment();
    const deactivated = await owner.caller.json(`/api/stream-keys/${owner.key.id}/deactivate`, 'POST');
    expect(deactivated.status).toBe(200);
    const name = key.split('/').pop();
    expect((await SELF.fetch(`${BASE}/hls/${owner.key.playbackId}/${name}`)).status).toBe(403);
    const response = await SELF.fetch(`${BASE}/media/${key}`);
    expect(response.status).toBe(404);
    expect(errorMessage(await response.json()).code).toBe('not_found');
  });

  it('never serves the live prefix at all: playback goes through /hls', async () => {
    const { key } = await pushedSegment();
    expect((await SELF.fetch(`${BASE}/media/${key}`)).status).toBe(404);
    expect((await SELF.fetch(`${BASE}/media/${key.replace('live/', 'live%2F')}`)).status).toBe(404);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ShareSchema } from '../../schema/content';
import { ShareCreatedSchema, ShareStatsSchema } from '../../schema/engagement';
import { insertVideo } from '../factories/content';
import { creatorWithContent, registeredUser, unknownId, videoCounters } from '../factories/engagement';
import { errorMessage, newCaller } from './session';

type Fan = Awaited<ReturnType<typeof registeredUser>>;

const share = async (fan: Fan, path: string, body: object = {}) => {
  const result = await fan.caller.json(path, 'POST', { userId: fan.user.id, ...body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return dataEnvelope(ShareCreatedSchema).parse(result.body).data;
};
const shares = z.array(ShareSchema);

describe('sharing', () => {
  it("defaults the platform to 'web' for shorts and 'general' for videos, and counts every share", async () => {
    const { video, short } = await creatorWithContent();
    const fan = await registeredUser();
    const onShort = await share(fan, `/api/shares/shorts/${short.id}`, {
      shareUrl: `https://reel.test/s/${short.id}`,
    });
    expect(onShort).toMatchObject({
      share: {
        userId: fan.user.id,
        videoId: short.id,
        platform: 'web',
        shareUrl: `https://reel.test/s/${short.id}`,
      },
      shareCount: 1,
    });
    const onVideo = await share(fan, `/api/shares/videos/${video.id}`);
    expect(onVideo.share).toMatchObject({ platform: 'general', shareUrl: '' });
    const again = await share(fan, `/api/shares/videos/${video.id}`, {
      platform: 'twitter',
      shareUrl: '/v/x',
    });
    expect(again.shareCount).toBe(2);
    expect(await videoCounters(video.id)).toMatchObject({ shares: 2 });
    expect(await videoCounters(short.id)).toMatchObject({ shares: 1 });
  });

  it('lists shares, their stats per platform, and a user’s shares by kind', async () => {
    const { video, short } = await creatorWithContent();
    const fan = await registeredUser();
    await share(fan, `/api/shares/videos/${video.id}`);
    await share(fan, `/api/shares/videos/${video.id}`, { platform: 'twitter' });
    await share(fan, `/api/shares/videos/${video.id}`, { platform: 'twitter' });
    const onShort = await share(fan, `/api/shares/shorts/${short.id}`);
    const visitor = newCaller();

    const listed = await visitor.json(`/api/shares/videos/${video.id}?limit=2`, 'GET');
    expect(
      dataEnvelope(shares)
        .parse(listed.body)
        .data.map((s) => s.platform),
    ).toEqual(['twitter', 'twitter']);
    const stats = await visitor.json(`/api/shares/videos/${video.id}/stats`, 'GET');
    expect(dataEnvelope(ShareStatsSchema).parse(stats.body).data).toEqual({
      shareCount: 3,
      byPlatform: { general: 1, twitter: 2 },
    });
    const ofShorts = await visitor.json(`/api/shares/user/${fan.user.id}/short`, 'GET');
    expect(dataEnvelope(shares).parse(ofShorts.body).data).toEqual([onShort.share]);
    expect((await visitor.json(`/api/shares/user/${fan.user.id}/shorts`, 'GET')).body).toEqual(ofShorts.body);
    const ofVideos = await visitor.json(`/api/shares/user/${fan.user.id}/videos`, 'GET');
    expect(dataEnvelope(shares).parse(ofVideos.body).data).toHaveLength(3);
  });
});

describe('refusing shares', () => {
  it('answers 404 for unknown content, a wrong kind, a private video and an unknown user', async () => {
    const { creator, video, short } = await creatorWithContent();
    const hidden = await insertVideo(env.DB, creator.user.id, { isPublic: false });
    const fan = await registeredUser();
    for (const path of [
      `/api/shares/videos/${unknownId()}`,
      `/api/shares/videos/${short.id}`,
      `/api/shares/shorts/${video.id}`,
      `/api/shares/videos/${hidden.id}`,
    ]) {
      const result = await fan.caller.json(path, 'POST', { userId: fan.user.id });
      expect(result.status, path).toBe(404);
      expect((await fan.caller.json(path, 'GET')).status).toBe(404);
      expect((await fan.caller.json(`${path}/stats`, 'GET')).status).toBe(404);
    }
    const result = await fan.caller.json(`/api/shares/user/${unknownId()}/videos`, 'GET');
    expect(errorMessage(result.body).message).toBe('User not found');
    expect(await videoCounters(video.id)).toMatchObject({ shares: 0 });
  });

  it('refuses visitors (401), another user’s id (403) and bad payloads (400)', async () => {
    const { video } = await creatorWithContent();
    const [fan, other] = [await registeredUser(), await registeredUser()];
    const path = `/api/shares/videos/${video.id}`;
    expect((await newCaller().json(path, 'POST', { userId: fan.user.id })).status).toBe(401);
    expect((await fan.caller.json(path, 'POST', { userId: other.user.id })).status).toBe(403);
    for (const body of [
      {},
      { userId: fan.user.id, shareUrl: 'javascript:alert(1)' },
      { userId: fan.user.id, platform: '' },
      { userId: fan.user.id, platform: 'x'.repeat(41) },
    ]) {
      expect((await fan.caller.json(path, 'POST', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await videoCounters(video.id)).toMatchObject({ shares: 0 });
  });
});

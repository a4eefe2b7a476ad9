import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { MESSAGES } from '../../schema/messages';
import { SocialStatsListSchema } from '../../schema/social-stats';
import {
  createSocialStatsCache,
  SOCIAL_STATS_ERROR_TTL_MS,
  SOCIAL_STATS_TTL_MS,
} from '../../worker/api/social-stats/cache';
import { socialStatsFor } from '../../worker/api/social-stats/service';
import { insertUser } from '../factories/content';
import { getJson } from './http';

const setSocial = (userId: string, social: Record<string, string>) =>
  env.DB.prepare('UPDATE users SET social = ?1 WHERE id = ?2').bind(JSON.stringify(social), userId).run();

/** A fetch that counts its calls and answers an X API v2 user with `followers` followers. */
const twitterFetch = (followers: number, status = 200) => {
  const calls: string[] = [];
  const fetchFn = async (url: string) => {
    calls.push(url);
    return Response.json({ data: { public_metrics: { followers_count: followers } } }, { status });
  };
  return { calls, fetchFn };
};

describe('GET /api/social-stats/{username}', () => {
  it("answers the four platforms with followers null when no key is configured ('Active')", async () => {
    const user = await insertUser(env.DB);
    await setSocial(user.id, { twitch: 'https://twitch.tv/reel', youtube: 'https://youtube.com/@reel' });

    const { status, body } = await getJson(`/api/social-stats/${user.username}`);
    expect(status).toBe(200);
    expect(dataEnvelope(SocialStatsListSchema).parse(body).data).toEqual([
      { platform: 'twitch', followers: null },
      { platform: 'twitter', followers: null },
      { platform: 'tiktok', followers: null },
      { platform: 'youtube', followers: null },
    ]);
  });

  it('answers 404 for an unknown username', async () => {
    const { status, body } = await getJson('/api/social-stats/nobody_has_this_name');
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'not_found', message: 'User not found' } });
  });
});

describe('socialStatsFor', () => {
  it('asks a configured platform once per link and answers later views from the cache until it expires', async () => {
    const cache = createSocialStatsCache();
    const { calls, fetchFn } = twitterFetch(42);
    const keys = { TWITTER_BEARER_TOKEN: 'token' };
    const social = { twitter: 'https://x.com/reel_app' };

    const first = await socialStatsFor(social, keys, fetchFn, cache, 0);
    expect(first[1]).toEqual({ platform: 'twitter', followers: 42 });
    await socialStatsFor(social, keys, fetchFn, cache, SOCIAL_STATS_TTL_MS - 1);
    expect(calls).toHaveLength(1);
    await socialStatsFor(social, keys, fetchFn, cache, SOCIAL_STATS_TTL_MS);
    expect(calls).toHaveLength(2);
  });

  it('keeps a failure only briefly', async () => {
    const cache = createSocialStatsCache();
    const { calls, fetchFn } = twitterFetch(0, 503);
    const keys = { TWITTER_BEARER_TOKEN: 'token' };
    const social = { twitter: '@down' };

    const [, twitter] = await socialStatsFor(social, keys, fetchFn, cache, 0);
    expect(twitter?.error).toBe(MESSAGES.socialStats.requestFailed);
    await socialStatsFor(social, keys, fetchFn, cache, SOCIAL_STATS_ERROR_TTL_MS);
    expect(calls).toHaveLength(2);
  });

  it('calls nobody for platforms without a link or without a key', async () => {
    const fetchFn = async (url: string): Promise<Response> => {
      throw new Error(`no call expected, got ${url}`);
    };
    const stats = await socialStatsFor(
      { twitch: 'twitch.tv/reel', instagram: 'x' },
      {},
      fetchFn,
      createSocialStatsCache(),
    );
    expect(stats.map((s) => s.followers)).toEqual([null, null, null, null]);
  });
});

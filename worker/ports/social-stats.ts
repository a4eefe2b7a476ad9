import type { SocialStats } from '../../schema/content';
import type { SocialPlatform } from '../../schema/social-stats';
import { localSocialStats } from './adapters/social-stats-local';
import { tiktokSocialStats } from './adapters/social-stats-tiktok';
import { twitchSocialStats } from './adapters/social-stats-twitch';
import { twitterSocialStats } from './adapters/social-stats-twitter';
import { youtubeSocialStats } from './adapters/social-stats-youtube';

/**
 * The social-stats port (content §3, §7): how many followers a creator has on a third-party
 * platform, read from that platform's public API. An adapter never throws for a platform's
 * failure: it answers `followers: null` with one of the spec's error texts, so one bad link never
 * hides the other counters. A platform without its key is answered by the local adapter, which
 * never calls out.
 */
export type SocialStatsAdapter = {
  followersFor(handleOrUrl: string): Promise<SocialStats>;
};

/** `fetch` as adapters take it, so tests feed them recorded responses. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The optional secrets that switch a platform's real adapter on (`wrangler secret put NAME`; not in
 * wrangler.toml, so not in the generated `Env`): YOUTUBE_API_KEY; TWITCH_CLIENT_ID +
 * TWITCH_CLIENT_SECRET (app access token by client credentials); TWITTER_BEARER_TOKEN (X API v2
 * app bearer token); TIKTOK_CLIENT_KEY + TIKTOK_CLIENT_SECRET (Research API client token).
 */
export const SOCIAL_STATS_KEYS = [
  'YOUTUBE_API_KEY',
  'TWITCH_CLIENT_ID',
  'TWITCH_CLIENT_SECRET',
  'TWITTER_BEARER_TOKEN',
  'TIKTOK_CLIENT_KEY',
  'TIKTOK_CLIENT_SECRET',
] as const;
export type SocialStatsKeys = Partial<Record<(typeof SOCIAL_STATS_KEYS)[number], string>>;

/**
 * The social-stats secrets present in the worker's bindings (empty strings count as absent).
 * Typed as `object`: the generated `Env` cannot list secrets that are not in wrangler.toml.
 */
export const socialStatsKeys = (env: object): SocialStatsKeys => {
  const bindings = env as Record<string, unknown>;
  const keys: SocialStatsKeys = {};
  for (const name of SOCIAL_STATS_KEYS) {
    const value = bindings[name];
    if (typeof value === 'string' && value.trim() !== '') keys[name] = value.trim();
  }
  return keys;
};

/** The adapter for one platform: the real one when its keys are set, else the local one. */
export const socialStatsAdapter = (
  platform: SocialPlatform,
  keys: SocialStatsKeys,
  fetchFn: FetchLike,
): SocialStatsAdapter => {
  switch (platform) {
    case 'youtube':
      return keys.YOUTUBE_API_KEY
        ? youtubeSocialStats({ apiKey: keys.YOUTUBE_API_KEY }, fetchFn)
        : localSocialStats(platform);
    case 'twitter':
      return keys.TWITTER_BEARER_TOKEN
        ? twitterSocialStats({ bearerToken: keys.TWITTER_BEARER_TOKEN }, fetchFn)
        : localSocialStats(platform);
    case 'twitch':
      return keys.TWITCH_CLIENT_ID && keys.TWITCH_CLIENT_SECRET
        ? twitchSocialStats(
            { clientId: keys.TWITCH_CLIENT_ID, clientSecret: keys.TWITCH_CLIENT_SECRET },
            fetchFn,
          )
        : localSocialStats(platform);
    case 'tiktok':
      return keys.TIKTOK_CLIENT_KEY && keys.TIKTOK_CLIENT_SECRET
        ? tiktokSocialStats(
            { clientKey: keys.TIKTOK_CLIENT_KEY, clientSecret: keys.TIKTOK_CLIENT_SECRET },
            fetchFn,
          )
        : localSocialStats(platform);
  }
};

/** `followersFor(platform, handleOrUrl)` over the configured adapters. */
export const socialStatsProvider = (keys: SocialStatsKeys, fetchFn: FetchLike) => ({
  followersFor: (platform: SocialPlatform, handleOrUrl: string) =>
    socialStatsAdapter(platform, keys, fetchFn).followersFor(handleOrUrl),
});

import type { SocialPlatform } from '../../schema/social-stats';
import { localSocialStats } from '../ports/adapters/social-stats-local';
import { tiktokSocialStats } from '../ports/adapters/social-stats-tiktok';
import { twitchSocialStats } from '../ports/adapters/social-stats-twitch';
import { twitterSocialStats } from '../ports/adapters/social-stats-twitter';
import { youtubeSocialStats } from '../ports/adapters/social-stats-youtube';
import {
  type FetchLike,
  SOCIAL_STATS_KEYS,
  type SocialStatsAdapter,
  type SocialStatsKeys,
} from '../ports/social-stats';

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

import type { SocialStats } from '../../schema/content';

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

/**
 * The API answers the service worker may keep in Cache Storage for offline use (web/sw.ts), and the
 * name of that cache, shared with logout (clear-private-device-data.ts).
 *
 * | cache               | what                                                                 |
 * | ------------------- | -------------------------------------------------------------------- |
 * | reel-api-public-v2  | GET answers of the public reads below, network first, 7 days at most |
 *
 * A read is listed only if it answers the same published data to every visitor. Everything else
 * under /api and /relayer is never cached: stream keys (the owner's answers carry the secret),
 * session status, chat tokens, transactions, deposits, tips, balances, the by-address user (its
 * balance), view history, like/bookmark/follow checks of the caller, and sign-in (/api/auth).
 */

/** The current API cache. The old `reel-api` cache kept every answer, secrets too: it is deleted. */
export const API_CACHE = 'reel-api-public-v2';

/** Every API cache this app ever made (current and former names), for logout and activation. */
export const isApiCache = (name: string) => name.startsWith('reel-api');

const ID = '[^/]+';

/** The public reads, one pattern per path (matched against the pathname, query string aside). */
const PUBLIC_API_READS: readonly RegExp[] = [
  // Home's latest videos and the shorts feeds of /reels and /s/: published content.
  /^\/api\/videos$/,
  /^\/api\/videos\/shorts(?:\/paginated)?$/,
  // One video or short for its watch page (private ones answer 404 to everyone but the owner).
  new RegExp(`^/api/videos/(?:shorts/)?${ID}$`),
  // A creator's videos and shorts: the profile's tabs.
  new RegExp(`^/api/videos/(?:shorts/)?user/${ID}$`),
  // Profiles, top creators, search and its suggestions, the category list: public directory data.
  new RegExp(`^/api/users/username/${ID}$`),
  /^\/api\/users\/top$/,
  /^\/api\/users\/categories$/,
  /^\/api\/users\/search(?:\/suggestions|\/category)?$/,
  // A profile's social links' follower counts and its public analytics.
  new RegExp(`^/api/social-stats/${ID}$`),
  new RegExp(`^/api/analytics/user/${ID}$`),
  // View counts and the comment threads under a video or short.
  new RegExp(`^/api/views/(?:videos|shorts|streams)/${ID}/stats$`),
  new RegExp(`^/api/comments/(?:videos|shorts)/${ID}$`),
  // The channels on air, listed on home.
  /^\/api\/sessions\/active$/,
  // The deployment's public settings (platform address, chain, stream provider).
  /^\/api\/config$/,
];

/** Whether a same-origin GET of `pathname` is a public read the service worker may cache. */
export const isPublicApiRead = (pathname: string) => PUBLIC_API_READS.some((read) => read.test(pathname));

/** Keys named by their content's sha-256 never change, so browsers may keep them for a year. */
const CONTENT_ADDRESSED = /[0-9a-f]{64}/;

export const cacheControlFor = (key: string): string =>
  CONTENT_ADDRESSED.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';

/**
 * A private video's objects, answered to its owner only: no shared cache may keep them (the edge,
 * a proxy) and the browser stores nothing either, so the next person on the device cannot replay them.
 */
export const OWNER_ONLY_CACHE_CONTROL = 'private, no-store';

/**
 * Keys that never name other bytes: content-addressed images, uploaded videos (the spec's stored
 * name: 8 random characters and the time in ms, api/uploads/stored-name.ts) and live segments
 * (12 random bytes, live/objects.ts). Anything else (seed files, names a script may overwrite)
 * is read from R2 every time. The Cache API keeps an entry as long as its Cache-Control says:
 * a year for content-addressed keys, 5 minutes for videos, so a deleted video is gone within 5.
 */
const IMMUTABLE_NAMES = [
  CONTENT_ADDRESSED,
  /^videos\/[a-z0-9]{8}\d{13}\.[a-z0-9]+$/,
  /^live\/[^/]+\/[0-9a-f]{24}\.ts$/,
];

export const edgeCacheable = (key: string): boolean => IMMUTABLE_NAMES.some((name) => name.test(key));

/**
 * The largest object put in the edge cache on its first request. The first viewer waits for the
 * whole object to reach the cache, which is quick for segments, shorts and images; longer videos
 * stream from R2 per request (in production an R2 custom domain with Cloudflare's cache in front
 * serves those, DESIGN.md §6).
 */
export const EDGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

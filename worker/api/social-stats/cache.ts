import type { SocialStats } from '../../../schema/content';

/**
 * A small per-isolate memory of answers, so a profile view does not call four platforms each time.
 * Chosen over the Cache API because `caches.default` does nothing on workers.dev routes and in
 * `wrangler dev` writes are invisible to other colos anyway; follower counts are approximate, so an
 * isolate answering from its own memory for a few minutes is enough. Failures are kept briefly so
 * a platform that is down is not hammered, yet recovers quickly.
 */
export const SOCIAL_STATS_TTL_MS = 10 * 60 * 1000;
export const SOCIAL_STATS_ERROR_TTL_MS = 60 * 1000;
const MAX_ENTRIES = 2000;

type Entry = { stats: SocialStats; expiresAt: number };

export const createSocialStatsCache = () => {
  const entries = new Map<string, Entry>();
  return {
    get(key: string, now: number): SocialStats | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.stats;
    },
    set(key: string, stats: SocialStats, now: number): void {
      // Map keeps insertion order: the first key is the oldest one.
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const ttl = stats.error ? SOCIAL_STATS_ERROR_TTL_MS : SOCIAL_STATS_TTL_MS;
      entries.set(key, { stats, expiresAt: now + ttl });
    },
  };
};
export type SocialStatsCache = ReturnType<typeof createSocialStatsCache>;

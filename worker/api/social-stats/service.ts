import type { SocialStats } from '../../../schema/content';
import { SOCIAL_PLATFORMS } from '../../../schema/social-stats';
import type { SocialLinks } from '../../../schema/user';
import type { FetchLike, SocialStatsKeys } from '../../ports/social-stats';
import { socialStatsProvider } from '../../providers/social-stats';
import { createSocialStatsCache, type SocialStatsCache } from './cache';

const isolateCache = createSocialStatsCache();

/**
 * The social counters of a profile: one answer per platform of SOCIAL_PLATFORMS, in that order.
 * A platform without a link answers `followers: null` (shown as 'Active') without asking anyone;
 * the others go through the port, answered from `cache` while fresh.
 */
export const socialStatsFor = async (
  social: SocialLinks,
  keys: SocialStatsKeys,
  fetchFn: FetchLike,
  cache: SocialStatsCache = isolateCache,
  now: number = Date.now(),
): Promise<SocialStats[]> => {
  const provider = socialStatsProvider(keys, fetchFn);
  return Promise.all(
    SOCIAL_PLATFORMS.map(async (platform): Promise<SocialStats> => {
      const link = social[platform]?.trim();
      if (!link) return { platform, followers: null };
      const key = `${platform}:${link.toLowerCase()}`;
      const cached = cache.get(key, now);
      if (cached) return cached;
      const stats = await provider.followersFor(platform, link);
      cache.set(key, stats, now);
      return stats;
    }),
  );
};

import type { SocialPlatform } from '../../../schema/social-stats';
import type { SocialStatsAdapter } from '../social-stats';

/** No key for this platform: nothing is fetched and the counter shows 'Active'. */
export const localSocialStats = (platform: SocialPlatform): SocialStatsAdapter => ({
  followersFor: async () => ({ platform, followers: null }),
});

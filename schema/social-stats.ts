import * as z from 'zod/mini';
import { SocialStatsSchema } from './content';

/** The platforms with social counters on a profile, in the order the page shows them (content §2.7). */
export const SOCIAL_PLATFORMS = ['twitch', 'twitter', 'tiktok', 'youtube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** `GET /api/social-stats/{username}`: one entry per platform of SOCIAL_PLATFORMS. */
export const SocialStatsListSchema = z.array(SocialStatsSchema);

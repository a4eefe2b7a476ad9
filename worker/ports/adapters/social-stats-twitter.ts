import * as z from 'zod/mini';
import type { SocialStats } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { FetchLike, SocialStatsAdapter } from '../social-stats';
import { accountNameOf } from './social-stats-handle';

const USERS_URL = 'https://api.twitter.com/2/users/by/username/';

// An unknown name answers 200 with `errors` and no `data`.
const UserSchema = z.object({
  data: z.optional(z.object({ public_metrics: z.object({ followers_count: z.number() }) })),
});

const failed = (error: string): SocialStats => ({ platform: 'twitter', followers: null, error });

/** X API v2 `users/by/username/{name}?user.fields=public_metrics` with an app bearer token. */
export const twitterSocialStats = (
  config: { bearerToken: string },
  fetchFn: FetchLike,
): SocialStatsAdapter => ({
  followersFor: async (handleOrUrl) => {
    const name = accountNameOf(handleOrUrl);
    if (!name) return failed(MESSAGES.socialStats.userNotFound);
    const url = `${USERS_URL}${encodeURIComponent(name)}?user.fields=public_metrics`;
    try {
      const response = await fetchFn(url, { headers: { authorization: `Bearer ${config.bearerToken}` } });
      if (response.status === 404) return failed(MESSAGES.socialStats.userNotFound);
      if (!response.ok) return failed(MESSAGES.socialStats.requestFailed);
      const body = UserSchema.safeParse(await response.json());
      if (!body.success) return failed(MESSAGES.socialStats.requestFailed);
      if (!body.data.data) return failed(MESSAGES.socialStats.userNotFound);
      return { platform: 'twitter', followers: body.data.data.public_metrics.followers_count };
    } catch {
      return failed(MESSAGES.socialStats.requestFailed);
    }
  },
});

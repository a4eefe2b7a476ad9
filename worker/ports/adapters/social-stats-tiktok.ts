import * as z from 'zod/mini';
import type { SocialStats } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { FetchLike, SocialStatsAdapter } from '../social-stats';
import { accountNameOf } from './social-stats-handle';

const TOKEN_URL = 'https://open.tiktokapis.com/v2/oauth/token/';
const USER_INFO_URL = 'https://open.tiktokapis.com/v2/research/user/info/?fields=follower_count';

const TokenSchema = z.object({ access_token: z.string() });
// Every answer carries `error.code`: 'ok' on success; an unknown username is not 'ok' and has no data.
const UserInfoSchema = z.object({
  data: z.optional(z.object({ follower_count: z.optional(z.number()) })),
  error: z.optional(z.object({ code: z.string() })),
});

const failed = (error: string): SocialStats => ({ platform: 'tiktok', followers: null, error });

/**
 * TikTok Research API: a client access token by client credentials, then
 * `POST research/user/info/?fields=follower_count` with `{username}`.
 */
export const tiktokSocialStats = (
  config: { clientKey: string; clientSecret: string },
  fetchFn: FetchLike,
): SocialStatsAdapter => ({
  followersFor: async (handleOrUrl) => {
    const username = accountNameOf(handleOrUrl);
    if (!username) return failed(MESSAGES.socialStats.userNotFound);
    try {
      const tokenResponse = await fetchFn(TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_key: config.clientKey,
          client_secret: config.clientSecret,
          grant_type: 'client_credentials',
        }).toString(),
      });
      if (!tokenResponse.ok) return failed(MESSAGES.socialStats.requestFailed);
      const token = TokenSchema.safeParse(await tokenResponse.json());
      if (!token.success) return failed(MESSAGES.socialStats.requestFailed);

      const response = await fetchFn(USER_INFO_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.data.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username }),
      });
      const body = UserInfoSchema.safeParse(await response.json().catch(() => null));
      if (!body.success) return failed(MESSAGES.socialStats.requestFailed);
      const count = body.data.data?.follower_count;
      if (response.ok && body.data.error?.code === 'ok' && typeof count === 'number') {
        return { platform: 'tiktok', followers: count };
      }
      if (response.status >= 500 || response.status === 401 || response.status === 429) {
        return failed(MESSAGES.socialStats.requestFailed);
      }
      return failed(MESSAGES.socialStats.userNotFound);
    } catch {
      return failed(MESSAGES.socialStats.requestFailed);
    }
  },
});

import * as z from 'zod/mini';
import type { SocialStats } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { FetchLike, SocialStatsAdapter } from '../social-stats';
import { accountNameOf } from './social-stats-handle';

const TOKEN_URL = 'https://id.twitch.tv/oauth2/token';
const HELIX_URL = 'https://api.twitch.tv/helix';

const TokenSchema = z.object({ access_token: z.string() });
const UsersSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
const FollowersSchema = z.object({ total: z.number() });

const failed = (error: string): SocialStats => ({ platform: 'twitch', followers: null, error });

/**
 * Twitch Helix: an app access token by client credentials, `users?login=` for the broadcaster id,
 * then `channels/followers?broadcaster_id=` whose `total` an app token may read (it replaced the
 * retired `users/follows`).
 */
export const twitchSocialStats = (
  config: { clientId: string; clientSecret: string },
  fetchFn: FetchLike,
): SocialStatsAdapter => ({
  followersFor: async (handleOrUrl) => {
    const login = accountNameOf(handleOrUrl);
    if (!login) return failed(MESSAGES.socialStats.userNotFound);
    try {
      const tokenUrl = new URL(TOKEN_URL);
      tokenUrl.searchParams.set('client_id', config.clientId);
      tokenUrl.searchParams.set('client_secret', config.clientSecret);
      tokenUrl.searchParams.set('grant_type', 'client_credentials');
      const tokenResponse = await fetchFn(tokenUrl.toString(), { method: 'POST' });
      if (!tokenResponse.ok) return failed(MESSAGES.socialStats.requestFailed);
      const token = TokenSchema.safeParse(await tokenResponse.json());
      if (!token.success) return failed(MESSAGES.socialStats.requestFailed);
      const headers = { 'client-id': config.clientId, authorization: `Bearer ${token.data.access_token}` };

      const usersResponse = await fetchFn(
        `${HELIX_URL}/users?login=${encodeURIComponent(login.toLowerCase())}`,
        {
          headers,
        },
      );
      if (!usersResponse.ok) return failed(MESSAGES.socialStats.requestFailed);
      const users = UsersSchema.safeParse(await usersResponse.json());
      if (!users.success) return failed(MESSAGES.socialStats.requestFailed);
      const broadcaster = users.data.data[0];
      if (!broadcaster) return failed(MESSAGES.socialStats.userNotFound);

      const followersResponse = await fetchFn(
        `${HELIX_URL}/channels/followers?broadcaster_id=${encodeURIComponent(broadcaster.id)}`,
        { headers },
      );
      if (!followersResponse.ok) return failed(MESSAGES.socialStats.requestFailed);
      const followers = FollowersSchema.safeParse(await followersResponse.json());
      if (!followers.success) return failed(MESSAGES.socialStats.requestFailed);
      return { platform: 'twitch', followers: followers.data.total };
    } catch {
      return failed(MESSAGES.socialStats.requestFailed);
    }
  },
});

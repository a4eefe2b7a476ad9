import * as z from 'zod/mini';
import type { SocialStats } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { FetchLike, SocialStatsAdapter } from '../social-stats';
import { youtubeChannelOf } from './social-stats-handle';

const CHANNELS_URL = 'https://www.googleapis.com/youtube/v3/channels';

// YouTube sends counts as strings; a hidden subscriber count has no subscriberCount at all.
const ChannelsSchema = z.object({
  items: z.optional(z.array(z.object({ statistics: z.object({ subscriberCount: z.optional(z.string()) }) }))),
});

const failed = (error: string): SocialStats => ({
  platform: 'youtube',
  followers: null,
  subscribers: null,
  error,
});

/** YouTube Data API v3 `channels?part=statistics`: subscribers, also shown as followers. */
export const youtubeSocialStats = (config: { apiKey: string }, fetchFn: FetchLike): SocialStatsAdapter => ({
  followersFor: async (handleOrUrl) => {
    if (!config.apiKey) return failed(MESSAGES.socialStats.youtubeKey);
    const channel = youtubeChannelOf(handleOrUrl);
    if (!channel) return failed(MESSAGES.socialStats.channelNotFound);
    const url = new URL(CHANNELS_URL);
    url.searchParams.set('part', 'statistics');
    url.searchParams.set(
      { id: 'id', username: 'forUsername', handle: 'forHandle' }[channel.kind],
      channel.value,
    );
    url.searchParams.set('key', config.apiKey);
    try {
      const response = await fetchFn(url.toString(), { headers: { accept: 'application/json' } });
      if (!response.ok) return failed(MESSAGES.socialStats.requestFailed);
      const body = ChannelsSchema.safeParse(await response.json());
      if (!body.success) return failed(MESSAGES.socialStats.requestFailed);
      const first = body.data.items?.[0];
      if (!first) return failed(MESSAGES.socialStats.channelNotFound);
      const count = Number(first.statistics.subscriberCount);
      const subscribers = Number.isFinite(count) && first.statistics.subscriberCount ? count : null;
      return { platform: 'youtube', followers: subscribers, subscribers };
    } catch {
      return failed(MESSAGES.socialStats.requestFailed);
    }
  },
});

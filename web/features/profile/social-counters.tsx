import type { SocialStats } from '../../../schema/content';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../../../schema/social-stats';
import { formatCount } from '../../ui/format';
import { useSocialStats } from './queries';

const LABELS: Record<SocialPlatform, string> = {
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** One counter: the fetched follower count, else 'Active' (content §2.7). */
const counterText = (stats: SocialStats | undefined) =>
  stats && stats.followers !== null ? formatCount(stats.followers) : 'Active';

/** The twitch, twitter, tiktok and youtube counters under the profile header. */
export function SocialCounters({ username }: { username: string }) {
  const { data } = useSocialStats(username);
  return (
    <ul className="social-counters" aria-label="Social accounts">
      {SOCIAL_PLATFORMS.map((platform) => (
        <li key={platform} className="social-counter" data-testid={`social-counter-${platform}`}>
          <span className="social-counter-name">{LABELS[platform]}</span>
          <strong className="social-counter-value">
            {counterText(data?.find((stats) => stats.platform === platform))}
          </strong>
        </li>
      ))}
    </ul>
  );
}

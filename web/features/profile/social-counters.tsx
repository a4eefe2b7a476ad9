import type { SocialStats } from '../../../schema/content';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../../../schema/social-stats';
import type { SocialLinks } from '../../../schema/user';
import { formatCount } from '../../ui/format';
import { useSocialStats } from './queries';

const LABELS: Record<SocialPlatform, string> = {
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** One linked network's counter: the fetched follower count, else 'Active' (content §2.7). */
const counterText = (stats: SocialStats | undefined) =>
  stats && stats.followers !== null ? formatCount(stats.followers) : 'Active';

type SocialCountersProps = { username: string; social: SocialLinks };

/**
 * The twitch, twitter, tiktok and youtube counters under the profile header, for the networks the
 * profile links only: 'Active' for a network the user never linked would be untrue (issue 20).
 */
export function SocialCounters({ username, social }: SocialCountersProps) {
  const { data } = useSocialStats(username);
  const linked = SOCIAL_PLATFORMS.filter((platform) => social[platform]);
  if (linked.length === 0) return null;
  return (
    <ul className="social-counters" aria-label="Social accounts">
      {linked.map((platform) => (
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

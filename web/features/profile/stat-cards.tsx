import type { UserProfile } from '../../../schema/user';
import { formatCount } from '../../ui/format';
import { useUserAnalytics } from './queries';

type StatCardsProps = { profile: UserProfile; followers: number };

/**
 * The rank shown: only with a follower. Every user without one ties at zero, where the rank orders
 * them by sign-up date alone and would give a new user a rank such as #13 (issue 20).
 */
const rankText = (rank: number | null, followers: number) =>
  rank === null || followers === 0 ? '–' : `#${rank}`;

/** Influencer rank, total followers, total views and engagement rate (content §2.7). */
export function StatCards({ profile, followers }: StatCardsProps) {
  const analytics = useUserAnalytics(profile.id);
  const rate = analytics.data ? `${analytics.data.engagementScore.toFixed(2)}%` : '–';
  const cards = [
    { id: 'rank', label: 'Influencer Rank', value: rankText(profile.rank, followers) },
    { id: 'followers', label: 'Total Followers', value: formatCount(followers) },
    { id: 'views', label: 'Total Views', value: formatCount(profile.views) },
    { id: 'engagement', label: 'Engagement Rate', value: rate },
  ];
  return (
    <ul className="stat-cards" aria-label="Stats">
      {cards.map((card) => (
        <li key={card.id} className="stat-card" data-testid={`stat-${card.id}`}>
          <span className="stat-card-label">{card.label}</span>
          <strong className="stat-card-value">{card.value}</strong>
        </li>
      ))}
    </ul>
  );
}

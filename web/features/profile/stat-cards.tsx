import type { UserProfile } from '../../../schema/user';
import { formatCount } from '../../ui/format';
import { useUserAnalytics } from './queries';

type StatCardsProps = { profile: UserProfile; followers: number };

/** Influencer rank, total followers, total views and engagement rate (content §2.7). */
export function StatCards({ profile, followers }: StatCardsProps) {
  const analytics = useUserAnalytics(profile.id);
  const rate = analytics.data ? `${analytics.data.engagementScore.toFixed(2)}%` : '–';
  const cards = [
    { id: 'rank', label: 'Influencer Rank', value: profile.rank === null ? '–' : `#${profile.rank}` },
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

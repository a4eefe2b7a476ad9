import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../schema/constants';
import type { SearchUser } from '../../../schema/search';
import type { TopUser } from '../../../schema/user';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';

/** Search results carry every field; the featured list (`/users/top`) only the top-user ones. */
export type CreatorCardData = TopUser &
  Partial<Pick<SearchUser, 'description' | 'category' | 'subCategory' | 'views' | 'totalDonationCount'>>;

/** A creator in the search grid: who they are, what they make, their numbers; opens the profile. */
export function CreatorCard({ creator }: { creator: CreatorCardData }) {
  const name = creator.fullName || creator.username;
  const ranked = creator.rank !== null && creator.rank <= LIMITS.rankBadgeMax;
  return (
    <Link
      to="/u/$username"
      params={{ username: creator.username }}
      className="card creator-card"
      data-testid="creator-card"
    >
      {ranked && (
        <span className="rank-badge" title={`Rank ${creator.rank}`}>
          #{creator.rank}
        </span>
      )}
      <Avatar src={creator.avatar} name={name} size={64} />
      <h2 className="creator-card-name">{name}</h2>
      <p className="creator-card-username">@{creator.username}</p>
      {creator.description && <p className="creator-card-description">{creator.description}</p>}
      {creator.category && (
        <p className="creator-card-category">
          {creator.subCategory ? `${creator.category} > ${creator.subCategory}` : creator.category}
        </p>
      )}
      <dl className="creator-card-stats">
        <Stat label="followers" value={creator.followers} />
        {creator.views !== undefined && <Stat label="views" value={creator.views} />}
        {creator.totalDonationCount !== undefined && (
          <Stat label="donations" value={creator.totalDonationCount} />
        )}
      </dl>
    </Link>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}

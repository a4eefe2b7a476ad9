import { Link } from '@tanstack/react-router';
import type { TopUser } from '../../../schema/user';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';
import { SkeletonGrid } from '../../ui/skeleton';
import { useTopCreators } from './queries';

type TopCreatorsListProps = { onNavigate?: () => void };

/** The sidebar's Top Creators: avatar, full name and followers, each linking to the profile. */
export function TopCreatorsList({ onNavigate }: TopCreatorsListProps) {
  const { data, isPending, isError } = useTopCreators();
  if (isPending) return <SkeletonGrid count={5} variant="row" label="Loading creators" />;
  if (isError) return <p className="sidebar-note">Unable to load creators</p>;
  if (data.length === 0) return <p className="sidebar-note">No creators yet</p>;
  return (
    <ul className="creator-list" data-testid="top-creators">
      {data.map((creator) => (
        <li key={creator.id}>
          <CreatorLink creator={creator} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}

function CreatorLink({ creator, onNavigate }: { creator: TopUser; onNavigate?: () => void }) {
  const name = creator.fullName || creator.username;
  return (
    <Link
      to="/u/$username"
      params={{ username: creator.username }}
      className="creator-link"
      title={name}
      onClick={onNavigate}
    >
      <Avatar src={creator.avatar} name={name} size={36} />
      <span className="creator-text">
        <span className="creator-name">{name}</span>
        <span className="creator-followers">{formatCount(creator.followers)} followers</span>
      </span>
    </Link>
  );
}

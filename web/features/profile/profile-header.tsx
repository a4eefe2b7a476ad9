import { Link } from '@tanstack/react-router';
import type { UserProfile } from '../../../schema/user';
import { Avatar } from '../../ui/avatar';
import { FollowButton } from '../engagement/follow-button';
import { AboutMe } from './about-me';
import { CustomizeProfileButton } from './customize-profile-button';
import { SocialCounters } from './social-counters';

type FollowControl = { following: boolean; busy: boolean; followers: number; toggle: () => void };
type ProfileHeaderProps = {
  user: UserProfile;
  own: boolean;
  /** The owner's email, from their session (profile reads never carry it); absent for visitors. */
  ownEmail?: string | undefined;
  follow: FollowControl;
};

/**
 * The top of a profile (content §2.7): banner, avatar, name, @username, category and sub-category
 * chips, tags, social counters, ABOUT ME and the owner's or visitor's actions. No verified mark: a
 * user record has no verified flag, and a mark on everyone says nothing true (issue 20).
 */
export function ProfileHeader({ user, own, ownEmail, follow }: ProfileHeaderProps) {
  const name = user.fullName || user.username;
  return (
    <header className="profile-header" data-testid="profile-header">
      <div className="profile-banner">{user.banner && <img src={user.banner} alt="" />}</div>
      <div className="profile-identity">
        <Avatar src={user.avatar} name={name} size={96} />
        <div className="profile-names">
          <div className="profile-name-line">
            <h1 id="page-title">{name}</h1>
          </div>
          <p className="muted">@{user.username}</p>
          <p className="profile-category">
            <span className="profile-category-chip">{user.category}</span>
            {' > '}
            <span className="profile-category-chip">{user.subCategory}</span>
          </p>
        </div>
        <div className="profile-actions">
          {own ? (
            <>
              <CustomizeProfileButton user={{ ...user, email: ownEmail }} />
              <Link to="/studio" className="button">
                Manage Videos
              </Link>
            </>
          ) : (
            <FollowButton following={follow.following} busy={follow.busy} onToggle={follow.toggle} />
          )}
        </div>
      </div>
      <div className="profile-details">
        {user.tags.length > 0 && (
          <ul className="tags" aria-label="Tags">
            {user.tags.map((tag) => (
              <li key={tag} className="tag">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <SocialCounters username={user.username} social={user.social} />
        <AboutMe profile={user} email={ownEmail} followers={follow.followers} />
      </div>
    </header>
  );
}

import type { User } from '../../../schema/user';
import { Avatar } from '../../ui/avatar';
import { CustomizeProfileButton } from './customize-profile-button';

type ProfileHeaderProps = { user: User; own: boolean };

/** The top of a profile: banner, avatar, name, @username, category > sub-category. */
export function ProfileHeader({ user, own }: ProfileHeaderProps) {
  const name = user.fullName || user.username;
  return (
    <header className="profile-header" data-testid="profile-header">
      <div className="profile-banner">{user.banner && <img src={user.banner} alt="" />}</div>
      <div className="profile-identity">
        <Avatar src={user.avatar} name={name} size={96} />
        <div className="profile-names">
          <h1 id="page-title">{name}</h1>
          <p className="muted">@{user.username}</p>
          <p className="profile-category">
            {user.category} {'>'} {user.subCategory}
          </p>
        </div>
        {own && (
          <div className="profile-actions">
            <CustomizeProfileButton user={user} />
          </div>
        )}
      </div>
    </header>
  );
}

import { useState } from 'react';

type FollowButtonProps = {
  following: boolean;
  busy: boolean;
  onToggle: () => void;
  /** The watch and live pages say 'Unfollow' on hover (content §5, live §2); the profile does not. */
  unfollowOnHover?: boolean;
};

/** Follow / Following, toggled by a click; busy (and disabled) while the change is saved. */
export function FollowButton({ following, busy, onToggle, unfollowOnHover = false }: FollowButtonProps) {
  const [hover, setHover] = useState(false);
  const label = following ? (unfollowOnHover && hover ? 'Unfollow' : 'Following') : 'Follow';
  return (
    <button
      type="button"
      className={following ? 'button' : 'button button-primary'}
      aria-pressed={following}
      aria-busy={busy || undefined}
      disabled={busy}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onClick={onToggle}
    >
      {label}
    </button>
  );
}

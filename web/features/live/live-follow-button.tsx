import { useState } from 'react';

type LiveFollowButtonProps = { following: boolean; busy: boolean; onToggle: () => void };

/** Follow / Following; the live page also unfollows (the label says so on hover). */
export function LiveFollowButton({ following, busy, onToggle }: LiveFollowButtonProps) {
  const [hover, setHover] = useState(false);
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
      {following ? (hover ? 'Unfollow' : 'Following') : 'Follow'}
    </button>
  );
}

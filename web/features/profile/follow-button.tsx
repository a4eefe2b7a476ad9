type FollowButtonProps = { following: boolean; busy: boolean; onToggle: () => void };

/** Follow / Following on someone else's profile; busy while the change is saved. */
export function FollowButton({ following, busy, onToggle }: FollowButtonProps) {
  return (
    <button
      type="button"
      className={following ? 'button' : 'button button-primary'}
      aria-pressed={following}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onToggle}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}

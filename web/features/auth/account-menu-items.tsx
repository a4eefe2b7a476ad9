import { Link } from '@tanstack/react-router';
import type { SessionInfo } from '../../../schema/auth';
import { showToast } from '../../ui/toast-store';
import { useLogout } from './use-logout';

type AccountMenuItemsProps = { user: SessionInfo['user']; onDone: () => void };

/**
 * The account menu's items: once a profile exists, the user's own live page (/live/{username}),
 * View Profile and Wallet; Logout. `onDone` closes the menu.
 */
export function AccountMenuItems({ user, onDone }: AccountMenuItemsProps) {
  const logout = useLogout();
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: onDone,
      onError: (error) => showToast(`Logout failed: ${error.message}`, 'error'),
    });
  return (
    <>
      {user && (
        <Link to="/live/$username" params={{ username: user.username }} onClick={onDone}>
          My Live Page
        </Link>
      )}
      {user && (
        <Link to="/u/$username" params={{ username: user.username }} onClick={onDone}>
          View Profile
        </Link>
      )}
      {user && (
        <Link to="/wallet" onClick={onDone}>
          Wallet
        </Link>
      )}
      <button type="button" onClick={onLogout} disabled={logout.isPending}>
        {logout.isPending ? 'Logging out…' : 'Logout'}
      </button>
    </>
  );
}

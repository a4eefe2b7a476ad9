import { Link } from '@tanstack/react-router';
import type { SessionInfo } from '../../../schema/auth';
import { Avatar } from '../../ui/avatar';
import { ChevronDownIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast-store';
import { useDropdown } from '../layout/nav-menu';
import { accountLabel } from './account-label';
import { useLogout } from './use-logout';
import './auth.css';

/**
 * The signed-in user's menu in the top bar (accounts spec §2): full name, or the shortened address
 * before registration; View Profile and Wallet once a profile exists; Logout.
 */
export function AccountMenu({ info }: { info: SessionInfo }) {
  const { open, close, rootRef, listId, buttonProps } = useDropdown();
  const logout = useLogout();
  const { user } = info;
  const label = accountLabel(info);

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: close,
      onError: (error) => showToast(`Logout failed: ${error.message}`, 'error'),
    });

  return (
    <div className="nav-menu account-menu" ref={rootRef}>
      <button {...buttonProps} className="button account-menu-button" title={info.address}>
        {user && <Avatar src={user.avatar} name={user.fullName || user.username} size={24} />}
        <span className="account-menu-label">{label}</span>
        <ChevronDownIcon />
      </button>
      <div id={listId} className="nav-menu-list account-menu-list" hidden={!open}>
        {user && (
          <Link to="/u/$username" params={{ username: user.username }} onClick={close}>
            View Profile
          </Link>
        )}
        {user && (
          <Link to="/wallet" onClick={close}>
            Wallet
          </Link>
        )}
        <button type="button" onClick={onLogout} disabled={logout.isPending}>
          {logout.isPending ? 'Logging out…' : 'Logout'}
        </button>
      </div>
    </div>
  );
}

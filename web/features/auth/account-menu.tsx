import { Suspense } from 'react';
import type { SessionInfo } from '../../../schema/auth';
import { Avatar } from '../../ui/avatar';
import { ChevronDownIcon } from '../../ui/icons';
import { optionalLazy } from '../../ui/optional-lazy';
import { useDropdown } from '../layout/nav-menu';
import { accountLabel } from './account-label';
import './auth.css';

// The items (and the logout code behind them) load just after the entry, before anyone can open
// the menu: home's initial JS budget (DESIGN.md §10) has no room for them.
const AccountMenuItems = optionalLazy(() =>
  import('./account-menu-items').then((module) => module.AccountMenuItems),
);

/**
 * The signed-in user's menu in the top bar (accounts spec §2): full name, or the shortened address
 * before registration; its items are in `account-menu-items.tsx`.
 */
export function AccountMenu({ info }: { info: SessionInfo }) {
  const { open, close, rootRef, listId, buttonProps } = useDropdown();
  const { user } = info;
  return (
    <div className="nav-menu account-menu" ref={rootRef}>
      <button {...buttonProps} className="button account-menu-button" title={info.address}>
        {user && <Avatar src={user.avatar} name={user.fullName || user.username} size={24} />}
        <span className="account-menu-label">{accountLabel(info)}</span>
        <ChevronDownIcon />
      </button>
      <div id={listId} className="nav-menu-list account-menu-list" hidden={!open}>
        <Suspense fallback={null}>
          <AccountMenuItems user={user} onDone={close} />
        </Suspense>
      </div>
    </div>
  );
}

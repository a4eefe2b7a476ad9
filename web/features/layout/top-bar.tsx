import { Link } from '@tanstack/react-router';
import { LogoMark, MenuIcon } from '../../ui/icons';
import { AccountArea } from '../auth/account-area';
import { OutboxSlot } from '../outbox/outbox-slot';
import { NavMenu } from './nav-menu';
import { SearchBar } from './search-bar';

type TopBarProps = { sidebarExpanded: boolean; onToggleSidebar: () => void };

/** The fixed top bar: sidebar toggle, logo, search, navigation, and Sign In or the account menu. */
export function TopBar({ sidebarExpanded, onToggleSidebar }: TopBarProps) {
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button"
        aria-label={sidebarExpanded ? 'Collapse sidebar' : 'Expand sidebar'}
        aria-expanded={sidebarExpanded}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <MenuIcon />
      </button>
      <Link to="/" className="logo" aria-label="Reel home">
        <LogoMark />
        <span className="logo-text">Reel</span>
      </Link>
      <SearchBar />
      <div className="top-bar-actions">
        <OutboxSlot />
        <NavMenu />
        <AccountArea />
      </div>
    </header>
  );
}

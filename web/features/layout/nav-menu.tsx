import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { ChevronDownIcon } from '../../ui/icons';
import { InstallItem } from '../pwa/install-item';

/**
 * A disclosure dropdown: a button that shows a list. A click outside closes it; Escape closes it
 * and puts focus back on the button. Shared by the navigation and the account menu.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    rootRef,
    listId,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      onClick: () => setOpen((value) => !value),
    },
  };
}

/** The navigation dropdown: Home, Reels, Graden, and (signed in) Livestream and Studio. */
export function NavMenu() {
  const { signedIn } = useSession();
  const { open, close, rootRef, listId, buttonProps } = useDropdown();
  return (
    <div className="nav-menu" ref={rootRef}>
      <button {...buttonProps} className="button">
        Menu <ChevronDownIcon />
      </button>
      <nav id={listId} className="nav-menu-list" hidden={!open} aria-label="Main">
        <Link to="/" onClick={close} activeOptions={{ exact: true }}>
          Home
        </Link>
        <Link to="/reels" onClick={close}>
          Reels
        </Link>
        <Link to="/graden" onClick={close}>
          Graden
        </Link>
        <Link to="/downloads" onClick={close}>
          Downloads
        </Link>
        {signedIn && (
          <Link to="/livestream" onClick={close}>
            Livestream
          </Link>
        )}
        {signedIn && (
          <Link to="/studio" onClick={close}>
            Studio
          </Link>
        )}
        <InstallItem onInstall={close} />
      </nav>
    </div>
  );
}

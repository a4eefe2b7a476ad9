import { Link } from '@tanstack/react-router';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { ChevronDownIcon } from '../../ui/icons';
import { InstallItem } from '../pwa/install-item';

/** The list's items in order: what the arrow keys move between. */
const itemsOf = (listId: string) => [
  ...(document.getElementById(listId)?.querySelectorAll<HTMLElement>('a[href],button:enabled') ?? []),
];

/** Where ArrowDown/ArrowUp (wrapping), Home and End move from `index` (-1: the button) among `count` items. */
const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index <= 0 ? count : index) - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A disclosure dropdown: a button that shows a list. A click outside closes it; Escape closes it
 * and puts focus back on the button. The keys of the WAI-ARIA menu button pattern work while the
 * list stays a plain list of links (a nav, not role=menu): ArrowDown on the button opens it on the
 * first item, arrows, Home and End move. Shared by the navigation and the account menu.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const focusFirst = useRef(false);

  useEffect(() => {
    if (!open) return;
    // Opened from the keyboard: the first item takes the focus once the list shows.
    if (focusFirst.current) itemsOf(listId)[0]?.focus();
    focusFirst.current = false;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      const step = KEY_STEPS[event.key];
      const items = itemsOf(listId);
      const index = items.indexOf(document.activeElement as HTMLElement);
      // Keys typed elsewhere (a field on the page) are not the menu's.
      if (!step || items.length === 0 || (index < 0 && event.target !== buttonRef.current)) return;
      event.preventDefault();
      items[step(index, items.length)]?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, listId]);

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
      onKeyDown: (event: ReactKeyboardEvent) => {
        if (event.key !== 'ArrowDown' || open) return;
        event.preventDefault();
        // The list's own key handler starts listening during this very event: it must not move on.
        event.stopPropagation();
        focusFirst.current = true;
        setOpen(true);
      },
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

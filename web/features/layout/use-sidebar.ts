import { useEffect, useState } from 'react';

const NARROW = '(max-width: 767px)';
const isNarrow = () => typeof window !== 'undefined' && window.matchMedia(NARROW).matches;

/**
 * Sidebar open/collapsed state. Wide screens start open; narrow ones start hidden and show it as
 * an overlay that closes on Escape, on a click outside it, or after following a link.
 */
export function useSidebar() {
  const [expanded, setExpanded] = useState(() => !isNarrow());

  useEffect(() => {
    if (!expanded || !isNarrow()) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target?.closest('#sidebar, [aria-controls="sidebar"]')) setExpanded(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setExpanded(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [expanded]);

  return {
    expanded,
    toggle: () => setExpanded((value) => !value),
    closeOnNarrow: () => {
      if (isNarrow()) setExpanded(false);
    },
  };
}

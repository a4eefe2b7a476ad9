import { type RefObject, useEffect, useRef } from 'react';
import { isTypingTarget, type PlayerKeyAction, playerKeyAction } from './player-rules';

/**
 * The player's keys (Space/K, J/L, ←/→, F, M, C) while the focus is in the player or on the page
 * itself, never in a field, a dialog or another control of the page. A focused button keeps its
 * own Space, and the volume slider its own arrows.
 */
export function usePlayerKeys(
  frameRef: RefObject<HTMLElement | null>,
  perform: (action: PlayerKeyAction) => void,
) {
  const performRef = useRef(perform);
  performRef.current = perform;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const frame = frameRef.current;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!frame || !target) return;
      const onPage = target === document.body || target === document.documentElement;
      if (!onPage && !frame.contains(target)) return;
      if (isTypingTarget(target)) return;
      const action = playerKeyAction(event.key);
      if (!action) return;
      if (event.key === ' ' && target.closest('button')) return;
      if (action.type === 'seek' && target.hasAttribute('data-player-volume')) return;
      event.preventDefault();
      performRef.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [frameRef]);
}

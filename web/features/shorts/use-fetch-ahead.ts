import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Video } from '../../../schema/content';
import { downloadForOffline } from '../../data/offline-media-store';
import { type ConnectionInfo, fetchAheadBlocked, nextToFetch } from './fetch-ahead-policy';

type Connection = ConnectionInfo & EventTarget;
const connection = () => (navigator as Navigator & { connection?: Connection }).connection;

function subscribe(onChange: () => void): () => void {
  const link = connection();
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  document.addEventListener('visibilitychange', onChange);
  // Chromium fires 'change' when the link changes or the user turns Save-Data on or off.
  link?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    document.removeEventListener('visibilitychange', onChange);
    link?.removeEventListener('change', onChange);
  };
}

const blockedNow = () =>
  fetchAheadBlocked({
    online: navigator.onLine,
    visible: document.visibilityState === 'visible',
    connection: connection(),
  });

/**
 * Keeps `ahead` (the next shorts, nearest first) downloaded whole for offline, one file at a time
 * and only once the current short can play (so a download never competes with the start of the
 * short being watched). A download no longer wanted (the viewer moved on past it, the tab was
 * hidden, Save-Data was turned on) or still running when the feed closes is cancelled.
 */
export function useFetchAhead(
  ahead: readonly Video[],
  kept: ReadonlySet<string> | undefined,
  currentReady: boolean,
): void {
  const blocked = useSyncExternalStore(subscribe, blockedNow, () => 'offline');
  const running = useRef<{ id: string; controller: AbortController } | null>(null);
  // Within this visit: done ones count as kept before the index says so; failed ones are not retried.
  const done = useRef(new Set<string>());
  const failed = useRef(new Set<string>());
  const [settled, setSettled] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` starts the next download when one ends
  useEffect(() => {
    const inFlight = running.current;
    if (inFlight) {
      if (blocked === null && ahead.some((short) => short.id === inFlight.id)) return;
      inFlight.controller.abort();
      running.current = null;
    }
    if (blocked !== null || !currentReady || !kept) return;
    const next = nextToFetch(ahead, new Set([...kept, ...done.current]), failed.current);
    if (!next) return;
    const controller = new AbortController();
    running.current = { id: next.id, controller };
    downloadForOffline(next, 'ahead', { signal: controller.signal })
      .then(
        () => done.current.add(next.id),
        () => {
          if (!controller.signal.aborted) failed.current.add(next.id);
        },
      )
      .finally(() => {
        if (running.current?.controller !== controller) return;
        running.current = null;
        setSettled((count) => count + 1);
      });
  }, [ahead, blocked, currentReady, kept, settled]);

  useEffect(() => () => running.current?.controller.abort(), []);
}

import { useSyncExternalStore } from 'react';
import { useOnline } from '../../lib/use-online';

/**
 * Which videos play from this device, for home's cards and feeds: one IndexedDB read shared by
 * every card, kept current through the store's change events. The store loads on first use (home's
 * initial JS budget), so until it answers nothing is marked.
 */
let ids: ReadonlySet<string> = new Set();
let listeners: Set<() => void> | undefined;

function subscribe(listener: () => void): () => void {
  if (!listeners) {
    const all = new Set<() => void>();
    listeners = all;
    import('../../data/offline-media-store')
      .then((store) => {
        const refresh = async () => {
          ids = await store.offlineVideoIds();
          for (const notify of all) notify();
        };
        store.onOfflineMediaChange(refresh);
        return refresh();
      })
      // No IndexedDB (a private window that forbids it): nothing is kept.
      .catch(() => undefined);
  }
  listeners.add(listener);
  return () => {
    listeners?.delete(listener);
  };
}

const current = () => ids;

/** The ids of the videos whose whole file is on this device. */
export const useOfflineIds = (): ReadonlySet<string> => useSyncExternalStore(subscribe, current, current);

/** `items` with the kept ones first, each group in its own order (a stable partition). */
export const playableFirst = <T extends { id: string }>(
  items: readonly T[],
  kept: ReadonlySet<string>,
): T[] => [...items.filter((item) => kept.has(item.id)), ...items.filter((item) => !kept.has(item.id))];

/** A feed as shown: in its own order online; offline, what plays from this device comes first. */
export function usePlayableFirst<T extends { id: string }>(items: readonly T[]): readonly T[] {
  const kept = useOfflineIds();
  return useOnline() ? items : playableFirst(items, kept);
}

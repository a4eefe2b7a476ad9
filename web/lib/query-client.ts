import { onlineManager, QueryClient } from '@tanstack/react-query';

const HOUR = 60 * 60 * 1000;

/** How long a persisted cache may be restored after (and kept in memory unused). */
export const QUERY_MAX_AGE_MS = 24 * HOUR;

/**
 * The app's QueryClient. Its paused mutations (the offline queue) resume only after
 * `releaseQueue()`: the queue is restored from IndexedDB before the mutation defaults that send it
 * have loaded (on demand, to keep home's entry small), so its mutations are built without a
 * mutationFn. TanStack resumes paused mutations on every 'online' event, and one that came in
 * between ran them as "No mutationFn found" and dropped the user's likes (CI: the network came back
 * while the app was starting, offline-engagement.spec.ts). Until the release they stay paused and
 * saved, and whoever releases them resumes them. A resume asked for before does nothing and
 * answers at once: TanStack refetches the queries on reconnect only after that answer, and they must
 * not wait for the queue's code (offline, it may never load).
 */
export class AppQueryClient extends QueryClient {
  #released = false;

  /** Call once the defaults of every queued key (engagement, tips, garden) are registered. */
  releaseQueue(): void {
    this.#released = true;
  }

  override resumePausedMutations(): Promise<unknown> {
    return this.#released ? super.resumePausedMutations() : Promise.resolve();
  }
}

/**
 * One QueryClient for the app. `offlineFirst` lets the service worker answer from its cache when
 * the network is gone; the cache is persisted to IndexedDB (web/data/query-persister.ts).
 */
export function createQueryClient(): AppQueryClient {
  // TanStack assumes online until an 'offline' event, and a page loaded offline never gets one:
  // it would then resume the saved offline queue at once, burn its retries and drop it.
  onlineManager.setOnline(navigator.onLine);
  return new AppQueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        gcTime: QUERY_MAX_AGE_MS,
        staleTime: 60_000,
        retry: 1,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

import { onlineManager, QueryClient } from '@tanstack/react-query';

const HOUR = 60 * 60 * 1000;

/** How long a persisted cache may be restored after (and kept in memory unused). */
export const QUERY_MAX_AGE_MS = 24 * HOUR;

/**
 * One QueryClient for the app. `offlineFirst` lets the service worker answer from its cache when
 * the network is gone; the cache is persisted to IndexedDB (web/data/query-persister.ts).
 */
export function createQueryClient(): QueryClient {
  // TanStack assumes online until an 'offline' event, and a page loaded offline never gets one:
  // it would then resume the saved offline queue at once, burn its retries and drop it.
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
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

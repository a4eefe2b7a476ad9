import { QueryClient } from '@tanstack/react-query';

const HOUR = 60 * 60 * 1000;

/** How long a persisted cache may be restored after (and kept in memory unused). */
export const QUERY_MAX_AGE_MS = 24 * HOUR;

/**
 * One QueryClient for the app. `offlineFirst` lets the service worker answer from its cache when
 * the network is gone; the cache is persisted to IndexedDB (web/data/query-persister.ts).
 */
export function createQueryClient(): QueryClient {
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

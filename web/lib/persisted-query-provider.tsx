import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { QUERY_MAX_AGE_MS } from './query-client';

/** The saved cache, restored (or not: offline before it was ever saved, code that failed to load). */
export type SavedCache = Promise<{ subscribe: () => () => void }>;

/**
 * Starts bringing back the cache this device saved (IndexedDB), with the persistence code imported
 * now instead of in home's entry chunk (issue 20: idb-keyval, hydration and the persister). Started
 * before React's first render, beside the route's code, so that queries wait for it no longer than
 * they must. Answers how to save the cache from then on; rejects when there is nothing to save with.
 */
export function restoreSavedCache(client: QueryClient): SavedCache {
  return Promise.all([
    import('@tanstack/query-persist-client-core'),
    import('../data/query-persister'),
    import('../data/outbox-store'),
  ]).then(async ([core, { queryPersister }, { dehydrateOptions }]) => {
    const options = {
      queryClient: client,
      persister: queryPersister,
      dehydrateOptions,
      maxAge: QUERY_MAX_AGE_MS,
      // A new release drops the saved cache, so old shapes never meet new code.
      buster: __APP_VERSION__,
    };
    await core.persistQueryClientRestore(options).catch(() => undefined);
    return { subscribe: () => core.persistQueryClientSubscribe(options) };
  });
}

type PersistedQueryProviderProps = { client: QueryClient; savedCache: SavedCache; children: ReactNode };

/**
 * TanStack's `PersistQueryClientProvider`, for a restore started before the first render
 * (`restoreSavedCache`): queries wait for it as they do there (`IsRestoringProvider`), while data
 * already in the cache (the page's inlined first screen) draws at once. Then the cache is saved
 * whenever it changes, as web/data/persist-policy.ts allows.
 */
export function PersistedQueryProvider({ client, savedCache, children }: PersistedQueryProviderProps) {
  const [restoring, setRestoring] = useState(true);

  useEffect(() => {
    let stopped = false;
    savedCache
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) setRestoring(false);
      });
    return () => {
      stopped = true;
    };
  }, [savedCache]);

  useEffect(() => {
    if (restoring) return;
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    // No persistence code (it failed to load, offline): nothing is saved this visit.
    savedCache.then(
      ({ subscribe }) => {
        if (!stopped) unsubscribe = subscribe();
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [restoring, savedCache]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { QUERY_MAX_AGE_MS } from './query-client';

type PersistedQueryProviderProps = { client: QueryClient; onRestored: () => void; children: ReactNode };

/**
 * TanStack's `PersistQueryClientProvider`, with the persistence code imported when it starts
 * instead of in home's entry chunk (issue 20: idb-keyval, hydration and the persister): queries
 * wait for the restore as they do there (`IsRestoringProvider`), while data already in the cache
 * (the page's inlined first screen) draws at once. Then the cache is saved whenever it changes,
 * as web/data/persist-policy.ts allows. `onRestored` runs once the restore has settled, restored
 * or not, as the library's `onSuccess`/`onError` both would.
 */
export function PersistedQueryProvider({ client, onRestored, children }: PersistedQueryProviderProps) {
  const [restoring, setRestoring] = useState(true);
  const restoredRef = useRef(onRestored);
  restoredRef.current = onRestored;
  const persistence = useRef<Promise<{ subscribe: () => () => void }> | null>(null);

  useEffect(() => {
    // Once per app: StrictMode runs effects twice in development.
    if (persistence.current) return;
    persistence.current = Promise.all([
      import('@tanstack/query-persist-client-core'),
      import('../data/query-persister'),
    ]).then(async ([core, { queryPersister }]) => {
      const options = {
        queryClient: client,
        persister: queryPersister,
        maxAge: QUERY_MAX_AGE_MS,
        // A new release drops the saved cache, so old shapes never meet new code.
        buster: __APP_VERSION__,
      };
      await core.persistQueryClientRestore(options).catch(() => undefined);
      return { subscribe: () => core.persistQueryClientSubscribe(options) };
    });
    persistence.current
      .catch(() => undefined)
      .finally(() => {
        setRestoring(false);
        restoredRef.current();
      });
  }, [client]);

  useEffect(() => {
    if (restoring) return;
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    // No persistence code (it failed to load, offline): nothing is saved this visit.
    persistence.current?.then(
      ({ subscribe }) => {
        if (!stopped) unsubscribe = subscribe();
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [restoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

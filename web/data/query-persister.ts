/**
 * IndexedDB storage of the web app. Everything the PWA keeps in IndexedDB lives in web/data/.
 *
 * | database     | object store | key              | value                                          |
 * | ------------ | ------------ | ---------------- | ---------------------------------------------- |
 * | reel-query   | cache        | tanstack-query   | the dehydrated TanStack Query cache (24 h max) |
 */
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';

const QUERY_DB = 'reel-query';
const QUERY_STORE = 'cache';
const QUERY_KEY = 'tanstack-query';
/** Cache changes come in bursts (several queries settle together): write at most this often. */
const WRITE_THROTTLE_MS = 1000;

/** A TanStack Query `Persister` backed by idb-keyval (one object-store entry). */
export function createIdbPersister(): Persister {
  const store = createStore(QUERY_DB, QUERY_STORE);
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    timer = undefined;
    const client = pending;
    pending = undefined;
    if (client) await set(QUERY_KEY, client, store);
  };

  return {
    persistClient: (client) => {
      pending = client;
      if (timer === undefined)
        timer = setTimeout(() => void flush().catch(() => undefined), WRITE_THROTTLE_MS);
    },
    restoreClient: () => get<PersistedClient>(QUERY_KEY, store),
    removeClient: async () => {
      pending = undefined;
      await del(QUERY_KEY, store);
    },
  };
}

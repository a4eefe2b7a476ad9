/**
 * Device storage of the web app. Everything the PWA keeps on the device lives in web/data/, each
 * file with a header saying what it stores where:
 *
 * | file                         | where                                  | what                                        |
 * | ---------------------------- | -------------------------------------- | ------------------------------------------- |
 * | query-persister.ts           | IndexedDB reel-query / cache           | the public part of the query cache (below)  |
 * | keyless-store.ts             | IndexedDB reel-keyless / keyless       | keyless accounts, ephemeral key, logged-out |
 * | upload-store.ts              | IndexedDB reel-uploads / uploads       | unfinished resumable uploads                |
 * | dev-wallet-store.ts          | IndexedDB reel-dev-wallet / keys       | the dev wallet's key (local chain builds)   |
 * | public-api-reads.ts          | Cache Storage reel-api-public-v2       | public API answers (the service worker's)   |
 * | outbox-store.ts              | IndexedDB reel-query / cache           | the service worker's view of the offline    |
 * |                              |                                        | queue (the paused mutations saved here)     |
 * | offline-media-store.ts       | Cache Storage reel-media-video-v1 +    | videos and shorts kept to play offline      |
 * |                              | IndexedDB reel-offline-media / items   |                                             |
 * | cache-expiry-store.ts        | IndexedDB workbox-expiration           | the service worker's expiry records (URLs)  |
 * | garden-choices.ts            | localStorage reel.garden.*             | the garden's chosen pot and planted seeds   |
 *
 * The rule: the device keeps only what is public or the user's own queued work; secrets, money
 * history and tokens are never cached or persisted, and logout clears every store
 * (clear-private-device-data.ts) except the dev wallet's key: it stands in for a browser wallet
 * extension, which keeps its key across a site's logouts.
 *
 * | database     | object store | key              | value                                                 |
 * | ------------ | ------------ | ---------------- | ----------------------------------------------------- |
 * | reel-query   | cache        | tanstack-query   | the dehydrated query cache, as persist-policy.ts      |
 * |              |              |                  | allows: public reads, the session without its email   |
 * |              |              |                  | and balance, the queued mutations (as paused); a copy |
 * |              |              |                  | from another release or over 24 h keeps only these    |
 */
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { QUERY_MAX_AGE_MS } from '../lib/query-client';
import { carryOverQueue, QUERY_DB, QUERY_KEY, QUERY_STORE } from './outbox-store';

/** Cache changes come in bursts (several queries settle together): write at most this often. */
const WRITE_THROTTLE_MS = 1000;

type PersistPolicy = typeof import('./persist-policy');

/** A TanStack Query `Persister` backed by idb-keyval (one object-store entry). */
function createIdbPersister(freshness: { buster: string; maxAge: number }): Persister {
  const store = createStore(QUERY_DB, QUERY_STORE);
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The policy is not in home's entry: it loads at start, like the engagement defaults, so the
  // service worker keeps it for offline pages; a failed load is tried again at the next write.
  let policy: Promise<PersistPolicy> | undefined;
  const loadPolicy = () => {
    policy ??= import('./persist-policy').catch((error: unknown) => {
      policy = undefined;
      throw error;
    });
    return policy;
  };
  void loadPolicy().catch(() => undefined);

  const flush = async () => {
    // `pending` is read once the policy is there, so a logout meanwhile (removeClient) leaves
    // nothing to write; without the policy nothing is written.
    const { persistableClient } = await loadPolicy().finally(() => {
      timer = undefined;
    });
    const client = pending;
    pending = undefined;
    if (client) await set(QUERY_KEY, persistableClient(client), store);
  };

  return {
    persistClient: (client) => {
      pending = client;
      if (timer === undefined)
        timer = setTimeout(() => void flush().catch(() => undefined), WRITE_THROTTLE_MS);
    },
    // Restored as written: every write is filtered, and a copy from before the filter is replaced
    // by the first write after start (the policy is not in the entry, restore must not wait for it).
    // A copy from another release or too old keeps its queued work (carryOverQueue).
    restoreClient: async () => {
      const client = await get<PersistedClient>(QUERY_KEY, store);
      return client && carryOverQueue(client, { ...freshness, now: Date.now() });
    },
    // Also drops a write still waiting for its throttle, so it cannot bring the copy back.
    removeClient: async () => {
      pending = undefined;
      await del(QUERY_KEY, store);
    },
  };
}

/** The app's one persister: main.tsx restores and saves through it, logout removes its copy. */
export const queryPersister = createIdbPersister({ buster: __APP_VERSION__, maxAge: QUERY_MAX_AGE_MS });

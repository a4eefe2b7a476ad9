/**
 * The offline outbox as stored: the paused engagement mutations inside the saved query cache
 * (IndexedDB reel-query / cache / tanstack-query, see the table in query-persister.ts). The page
 * writes that entry through its persister; the service worker (web/sw/outbox.ts), which sends the
 * queue when no page of the app is open, reads it here and drops each mutation it has settled.
 * Plain idb-keyval and types only: the service worker imports this file.
 */
import type { Mutation } from '@tanstack/query-core';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { createStore, get, type UseStore, update } from 'idb-keyval';

export const QUERY_DB = 'reel-query';
export const QUERY_STORE = 'cache';
export const QUERY_KEY = 'tanstack-query';

/**
 * Mutation-key roots of the outbox: the user's own queued work (likes, bookmarks, follows,
 * comments, shares; tips cut off by the network; garden plantings and harvests). Only their paused
 * mutations are saved, listed in "waiting to send" and replayed.
 */
const OUTBOX_KEY_ROOTS: readonly string[] = ['engagement', 'tips', 'garden'];

/** Whether a mutation key belongs to the outbox. */
export const isOutboxKey = (mutationKey: readonly unknown[] | undefined): boolean =>
  typeof mutationKey?.[0] === 'string' && OUTBOX_KEY_ROOTS.includes(mutationKey[0]);

/**
 * Whether a mutation is waiting to be sent: paused (offline), or trying again after a call that got
 * no answer while the browser counts itself online (web/lib/queued-work-retry.ts). Both are saved,
 * the second as paused, so that closing the app then loses neither.
 */
export const isWaitingToSend = (state: { isPaused: boolean; status: string; failureCount: number }) =>
  state.isPaused || (state.status === 'pending' && state.failureCount > 0);

/** Whether a mutation in the page's cache is queued work: the outbox lists it, with Cancel. */
export const isQueuedWork = (mutation: Pick<Mutation, 'state' | 'options'>) =>
  isWaitingToSend(mutation.state) && isOutboxKey(mutation.options.mutationKey);

/**
 * What is dehydrated for the persister to write (TanStack's default takes the paused mutations
 * only); persist-policy.ts then filters every write.
 */
export const dehydrateOptions = {
  shouldDehydrateMutation: (mutation: Pick<Mutation, 'state'>) => isWaitingToSend(mutation.state),
};

/** A mutation as the saved cache holds it (TanStack's dehydrated form). */
export type StoredMutation = PersistedClient['clientState']['mutations'][number];

let store: UseStore | undefined;
const queryStore = () => {
  store ??= createStore(QUERY_DB, QUERY_STORE);
  return store;
};

/**
 * Tells two saved mutations apart: the dehydrated form has no id, but a mutation's key, the time
 * it was first tried and its variables do not change while it waits.
 */
const sameMutation = (a: StoredMutation, b: StoredMutation) =>
  a.state.submittedAt === b.state.submittedAt &&
  JSON.stringify(a.mutationKey) === JSON.stringify(b.mutationKey) &&
  JSON.stringify(a.state.variables) === JSON.stringify(b.state.variables);

/** The saved mutations still waiting to be sent (paused), oldest first. */
export async function readQueuedMutations(): Promise<StoredMutation[]> {
  const client = await get<PersistedClient>(QUERY_KEY, queryStore());
  return (client?.clientState.mutations ?? [])
    .filter((mutation) => mutation.state.isPaused)
    .sort((a, b) => a.state.submittedAt - b.state.submittedAt);
}

/** Drops one settled mutation from the saved cache, in one read-write transaction with the read. */
export async function removeQueuedMutation(settled: StoredMutation): Promise<void> {
  await update<PersistedClient | undefined>(
    QUERY_KEY,
    (client) =>
      client && {
        ...client,
        clientState: {
          ...client.clientState,
          mutations: client.clientState.mutations.filter((mutation) => !sameMutation(mutation, settled)),
        },
      },
    queryStore(),
  );
}

/**
 * What a saved cache restores as when it is from another release or older than `maxAge`:
 * TanStack's restore would drop it whole, queued work included. The queue is the user's and must
 * not be lost to a deploy or a long time offline, so it is kept; the saved reads (whose shapes may
 * have changed, or which are stale) are not. Mutation variables are request inputs of our own API
 * (engagement/requests.ts), which a release keeps compatible.
 */
export function carryOverQueue(
  client: PersistedClient,
  { buster, maxAge, now }: { buster: string; maxAge: number; now: number },
): PersistedClient {
  if (client.buster === buster && now - client.timestamp <= maxAge) return client;
  return { buster, timestamp: now, clientState: { queries: [], mutations: client.clientState.mutations } };
}

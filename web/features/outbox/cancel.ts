import type { Mutation, MutationCache } from '@tanstack/react-query';
import { QueuedWorkCancelled } from '../../lib/queued-work-retry';

/**
 * Cancels a queued action. It leaves the cache: the optimistic state (read from pending mutations)
 * reverts at once, and the next save of the cache (web/data/query-persister.ts, within a second)
 * drops it from the device, so the service worker does not send it either. An action between two
 * tries, rather than paused, would still make its next try: that try now refuses instead of
 * sending. A try already on the wire cannot be called back.
 */
export function cancelQueued(cache: MutationCache, mutation: Mutation<unknown, Error, unknown, unknown>) {
  mutation.setOptions({ ...mutation.options, mutationFn: () => Promise.reject(new QueuedWorkCancelled()) });
  cache.remove(mutation);
}

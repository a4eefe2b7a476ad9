/// <reference lib="webworker" />
/**
 * The offline outbox in the service worker (issue 11.2): likes, bookmarks, follows, comments,
 * tips and garden plantings and harvests (issue 12) queued offline are sent once the network is
 * back even when no page of the app is open.
 *
 * On Background Sync (tag `reel-outbox`, registered by the page when an action pauses) and, where
 * the browser has no Background Sync, at the worker's start and activation:
 * - a visible page of the app is told to resume its paused mutations (it owns them, and its UI
 *   follows them);
 * - otherwise the worker sends the saved queue itself (web/data/outbox-store.ts), the same request
 *   the page would build (web/features/engagement/requests.ts, web/features/garden/requests.ts),
 *   oldest first, and drops each one the server answered: 2xx, or a 4xx refusal that sending again would not change. A lost connection
 *   or a 5xx keeps it and fails the sync, so the browser tries again later.
 * Sending twice is harmless by design: likes, bookmarks and follows are set states on the server,
 * a comment's Idempotency-Key is its pending id, a tip's every step replays by its key, and the
 * server answers a planting or harvest sent again as the one already done. So a page opening
 * mid-replay, which resumes the same saved queue, still ends in one like and one comment.
 */
import * as z from 'zod/mini';
import {
  isOutboxKey,
  readQueuedMutations,
  removeQueuedMutation,
  type StoredMutation,
} from '../data/outbox-store';
import { engagementRequestFor } from '../features/engagement/requests';
import { gardenRequestFor } from '../features/garden/requests';
import { OUTBOX_RESUME_MESSAGE, OUTBOX_SYNC_TAG } from '../features/outbox/protocol';
import { tipDeps } from '../features/tips/tip-deps';
import { runTip, TipFailure } from '../features/tips/tip-flow';
import { type TipVariables, tipKeys } from '../features/tips/tip-keys';
import { ApiRequestError, apiRequest } from '../lib/api';

declare let self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's webworker lib). */
type SyncEvent = ExtendableEvent & { tag: string };

/** A refusal that will not change by sending again; 408 and 429 ask to come back later. */
const isFinalRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * Sends one saved engagement or garden action; throws to keep it (no answer, or one worth trying
 * again).
 */
async function sendAction(mutation: StoredMutation): Promise<void> {
  const { mutationKey, state } = mutation;
  const request =
    engagementRequestFor(mutationKey, state.variables) ?? gardenRequestFor(mutationKey, state.variables);
  if (!request) return;
  try {
    // The answer is not read: the page re-reads what it shows when it opens.
    await apiRequest(request.method, request.path, z.unknown(), request.body, { headers: request.headers });
  } catch (error) {
    // A lost connection (TypeError) or an answer worth trying again stops the run: the rest stays
    // queued, in order.
    if (error instanceof ApiRequestError && isFinalRefusal(error.status)) return;
    throw error;
  }
}

/**
 * Runs a saved tip's whole flow again with its own Idempotency-Key (each step replays what it
 * already did); kept only when a call got no answer, as the page would (tip-queue.ts).
 */
async function sendTip(mutation: StoredMutation): Promise<void> {
  try {
    // The variables this app's tip mutation saved under tipKeys.send.
    await runTip(mutation.state.variables as TipVariables, tipDeps);
  } catch (error) {
    if (error instanceof TipFailure && error.network) throw error;
  }
}

async function sendSavedQueue(): Promise<void> {
  for (const mutation of await readQueuedMutations()) {
    if (!isOutboxKey(mutation.mutationKey)) continue;
    const isTip = mutation.mutationKey?.[0] === tipKeys.send[0];
    await (isTip ? sendTip(mutation) : sendAction(mutation));
    await removeQueuedMutation(mutation);
  }
}

async function replayOutbox(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // A hidden page does not resume (TanStack waits for focus), so only a visible one is asked.
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  if (visible.length > 0) {
    for (const client of visible) client.postMessage({ type: OUTBOX_RESUME_MESSAGE });
    return;
  }
  await sendSavedQueue();
}

let running: Promise<void> | undefined;

/** One replay at a time: a sync arriving during a replay waits for it instead of sending again. */
function replayOnce(): Promise<void> {
  running ??= replayOutbox().finally(() => {
    running = undefined;
  });
  return running;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayOnce());
});

const hasBackgroundSync = 'sync' in self.registration;

// Without Background Sync, the worker's start is the moment it gets to send; a new version's
// activation is one too, either way (a sync given up on while the network was flaky would
// otherwise wait for the next page).
if (!hasBackgroundSync && navigator.onLine) void replayOnce().catch(() => undefined);
self.addEventListener('activate', (event) => {
  if (navigator.onLine) event.waitUntil(replayOnce().catch(() => undefined));
});

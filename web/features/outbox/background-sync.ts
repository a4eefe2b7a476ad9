import { type Mutation, onlineManager, type QueryClient } from '@tanstack/react-query';
import { isOutboxKey } from '../../data/outbox-store';
import { OUTBOX_RESUME_MESSAGE, OUTBOX_SYNC_TAG } from './protocol';

/** Background Sync's part of a registration (not in TypeScript's DOM lib; Chromium has it). */
type SyncCapable = ServiceWorkerRegistration & { sync: { register: (tag: string) => Promise<void> } };

const canSync = (registration: ServiceWorkerRegistration): registration is SyncCapable =>
  'sync' in registration;

const isQueued = (mutation: Mutation<unknown, Error, unknown, unknown>) =>
  mutation.state.isPaused && isOutboxKey(mutation.options.mutationKey);

/**
 * Asks the browser to wake the service worker once the network is back, even if every page of the
 * app is closed by then (web/sw/outbox.ts sends the saved queue). Browsers without Background Sync
 * rely on the worker's start and on this page's own resume.
 */
async function requestOutboxSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  if (canSync(registration)) await registration.sync.register(OUTBOX_SYNC_TAG);
}

/**
 * Connects the page's offline queue to the service worker: every action that pauses (and any
 * restored paused at start) registers the sync, and the worker's "resume" message makes the page
 * send its own queue, so the UI follows each action to its answer. A page that still counts itself
 * offline ignores the message: resuming would only pause the same actions again.
 */
export function watchOutbox(client: QueryClient): void {
  const sync = () => void requestOutboxSync().catch(() => undefined);
  client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'pause' && isQueued(event.mutation)) sync();
  });
  if (client.getMutationCache().getAll().some(isQueued)) sync();
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (
      typeof data === 'object' &&
      data !== null &&
      'type' in data &&
      data.type === OUTBOX_RESUME_MESSAGE &&
      onlineManager.isOnline()
    )
      void client.resumePausedMutations();
  });
}

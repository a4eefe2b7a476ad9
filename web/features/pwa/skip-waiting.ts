/** The message web/sw.ts takes over on: a worker never skips waiting on its own. */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/**
 * Asks the registration's waiting worker to take over, and then any newer one that installs before
 * it has. A version that installs meanwhile (a release during an upload, another tab's update check)
 * replaces the waiting one, which then never activates: without this, the user's yes to an update
 * would leave the page waiting for a takeover that never comes.
 */
export function skipWaitingToNewest(registration: ServiceWorkerRegistration): void {
  const skipOnceInstalled = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') worker.postMessage(SKIP_WAITING);
    });
  skipOnceInstalled(registration.installing);
  registration.addEventListener('updatefound', () => skipOnceInstalled(registration.installing));
  registration.waiting?.postMessage(SKIP_WAITING);
}

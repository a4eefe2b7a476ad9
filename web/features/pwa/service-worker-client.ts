import { Workbox } from 'workbox-window';
import { skipWaitingToNewest } from './skip-waiting';
import { isUploadInProgress, whenNoUploadInProgress } from './upload-activity';

/**
 * The page's own code loaded so far (`/assets/`: hashed, immutable). Only code: data and images
 * have their own offline paths, and replaying every request would fetch media again.
 */
const loadedCode = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => {
      const { origin, pathname } = new URL(url);
      return origin === window.location.origin && pathname.startsWith('/assets/');
    });

/** The registered worker, as the update prompt drives it. */
export type ServiceWorkerClient = {
  /**
   * Lets the waiting version take over and reloads the page once it controls, so the page and its
   * assets match. A reload would kill an upload, so while one runs (in any tab) it first calls
   * `onWaitForUpload` and waits for the uploads to end.
   */
  applyUpdate: (onWaitForUpload: () => void) => Promise<void>;
};

/**
 * Registers /sw.js and calls `onWaiting` when a new version waits. Loaded on demand by
 * use-service-worker-update.ts, after the page has, so none of it weighs on home's entry chunk.
 */
export async function registerServiceWorker(onWaiting: () => void): Promise<ServiceWorkerClient> {
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', onWaiting);
  if (!navigator.serviceWorker.controller) {
    // A first visit: the worker takes this page when it activates (web/sw.ts), after the page loaded
    // its code. Hand it those files (Workbox's CACHE_URLS, through the worker's own routes), or a
    // route whose chunk loaded before then would not open offline.
    workbox.addEventListener('controlling', () => {
      void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loadedCode() } });
    });
  }
  const registration = await workbox.register();
  return {
    async applyUpdate(onWaitForUpload) {
      if (await isUploadInProgress()) {
        onWaitForUpload();
        await whenNoUploadInProgress();
      }
      // Another tab may have applied it already: this page only needs the reload then.
      if (!registration?.waiting) {
        window.location.reload();
        return;
      }
      workbox.addEventListener('controlling', () => window.location.reload());
      skipWaitingToNewest(registration);
    },
  };
}

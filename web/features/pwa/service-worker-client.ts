import { Workbox } from 'workbox-window';
import { isUploadInProgress, whenNoUploadInProgress } from './upload-activity';

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
      workbox.messageSkipWaiting();
    },
  };
}

/**
 * Which uploads run in this browser, in any tab: each running upload holds a shared Web Lock of this
 * name, which the browser drops when the upload ends or its tab closes. The update prompt reads it,
 * so a new version never reloads a page under an upload (issue 11.5).
 */
const UPLOAD_LOCK = 'reel-upload';
const CHECK_EVERY_MS = 1000;

/** This tab's own running uploads: the answer where the browser has no Web Locks. */
let uploadsInThisTab = 0;

const hasLocks = () => 'locks' in navigator;

/** Marks an upload as running until the returned function is called. */
export function markUploadRunning(): () => void {
  uploadsInThisTab++;
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  if (hasLocks()) {
    void navigator.locks.request(UPLOAD_LOCK, { mode: 'shared' }, () => done).catch(() => undefined);
  }
  return () => {
    uploadsInThisTab--;
    release();
  };
}

/** Whether an upload runs in this tab or in another tab of the app. */
export async function isUploadInProgress(): Promise<boolean> {
  if (uploadsInThisTab > 0) return true;
  if (!hasLocks()) return false;
  const { held = [] } = await navigator.locks.query();
  return held.some((lock) => lock.name === UPLOAD_LOCK);
}

/** Resolves once no upload runs in any tab (polled: a lock's release fires no event elsewhere). */
export async function whenNoUploadInProgress(): Promise<void> {
  while (await isUploadInProgress()) {
    await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
  }
}

/**
 * The service worker's cache-expiry bookkeeping (workbox-expiration's own database), read here only
 * to forget it at logout: deleting a cache leaves its records, and those name the URLs it held
 * (`/api/videos/user/<id>`, `/api/users/username/<name>`), so who used the device would stay.
 *
 * | database           | object store  | key                | value                              |
 * | ------------------ | ------------- | ------------------ | ---------------------------------- |
 * | workbox-expiration | cache-entries | `<cacheName>|<url>` | { id, cacheName, url, timestamp } |
 */
const EXPIRY_DB = 'workbox-expiration';
const EXPIRY_STORE = 'cache-entries';

const cacheNameOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'cacheName' in value && typeof value.cacheName === 'string'
    ? value.cacheName
    : null;

/**
 * Deletes the expiry records of every cache `isCleared` names. Never creates the database: a device
 * whose service worker has expired nothing yet has none, and workbox must make it with its store.
 */
export const clearCacheExpiry = (isCleared: (cacheName: string) => boolean): Promise<void> =>
  new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const open = indexedDB.open(EXPIRY_DB);
    open.onupgradeneeded = () => open.transaction?.abort();
    // An aborted upgrade (no database yet) is an error here, and nothing to clear.
    open.onerror = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(EXPIRY_STORE)) {
        db.close();
        return resolve();
      }
      const transaction = db.transaction(EXPIRY_STORE, 'readwrite');
      const cursor = transaction.objectStore(EXPIRY_STORE).openCursor();
      cursor.onsuccess = () => {
        const entry = cursor.result;
        if (!entry) return;
        const name = cacheNameOf(entry.value);
        if (name !== null && isCleared(name)) entry.delete();
        entry.continue();
      };
      transaction.oncomplete = () => {
        db.close();
        resolve();
      };
      transaction.onabort = () => {
        db.close();
        reject(transaction.error);
      };
    };
  });

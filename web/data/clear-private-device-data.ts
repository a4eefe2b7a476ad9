/**
 * Logout's sweep of the device: the one place that knows every private store (see the table in
 * query-persister.ts). Loaded on demand by logout, so home's entry does not carry it.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { clearCacheExpiry } from './cache-expiry-store';
import { clearGardenChoices } from './garden-choices';
import { clearKeylessAccounts } from './keyless-store';
import { clearOfflineMedia } from './offline-media-store';
import { isApiCache } from './public-api-reads';
import { queryPersister } from './query-persister';
import { clearPendingUploads } from './upload-store';

const deleteApiCaches = async () => {
  // Cache Storage exists only in secure contexts (https, localhost).
  if (typeof caches === 'undefined') return;
  const names = (await caches.keys()).filter(isApiCache);
  await Promise.all(names.map((name) => caches.delete(name)));
};

/** The API caches and the service worker's expiry records of them, which name the URLs they held. */
const deleteApiCachesAndExpiry = () => Promise.all([deleteApiCaches(), clearCacheExpiry(isApiCache)]);

/**
 * Clears what the signed-out user left on this device: every query but `keep` (the session, which
 * the caller has just set to the visitor, so whoever shows it stays subscribed) and every mutation,
 * paused offline ones included; the persisted query cache; the service worker's API caches (their
 * answers may be this user's view of a page) and their expiry records (URLs with the user's name
 * and id); the keyless accounts and ephemeral key (the logged-out flag stays: it stops the next
 * restore); the unfinished uploads; the media kept for offline (what was saved tells what this
 * person watches); the garden's remembered pot and seeds (their addresses). The dev wallet's key
 * stays, as a wallet extension's would. Every store is tried even if another fails.
 */
export async function clearPrivateDeviceData(queryClient: QueryClient, keep: QueryKey): Promise<void> {
  clearGardenChoices();
  const kept = queryClient.getQueryCache().find({ queryKey: keep, exact: true });
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => query !== kept });
  const results = await Promise.allSettled([
    queryPersister.removeClient(),
    deleteApiCachesAndExpiry(),
    clearKeylessAccounts(),
    clearPendingUploads(),
    clearOfflineMedia(),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

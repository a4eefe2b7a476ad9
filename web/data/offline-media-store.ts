/**
 * Videos and shorts kept on this device to play offline (issue 11.3): the whole progressive file
 * in Cache Storage, served by the service worker with Range support (web/sw/media.ts), and an index
 * in IndexedDB saying what each file is, how big, where it came from and when it was last watched.
 *
 * | store                              | key              | value                                  |
 * | ---------------------------------- | ---------------- | -------------------------------------- |
 * | Cache Storage reel-media-video-v1  | the file's URL   | the whole 200 answer of `/media/<key>` |
 * | IndexedDB reel-offline-media/items | the video's id   | `OfflineItem` (the public video record) |
 * | localStorage reel-offline-budget   |                  | the user's budget in bytes, if set     |
 *
 * Only public videos are kept (a private one is the owner's, and stays online only). What was
 * saved tells what a person watches, so logout clears both stores (clear-private-device-data.ts).
 * Eviction is least recently watched first, within the budget: 1 GiB or 20 % of the origin's
 * quota, whichever is lower, unless the user set another on the Downloads page.
 */
import { clear, createStore, del, get, keys, set } from 'idb-keyval';
import type { Video } from '../../schema/content';
import { mayKeepAnswer } from './private-answer';

/** The Cache Storage cache of whole media files; the service worker reads it. */
export const MEDIA_VIDEO_CACHE = 'reel-media-video-v1';

/** `saved`: the user pressed Save for offline; `ahead`: fetched ahead of the shorts feed. */
export type OfflineSource = 'saved' | 'ahead';

export type OfflineItem = {
  videoId: string;
  video: Video;
  /** Absolute URL of the file, the key in `MEDIA_VIDEO_CACHE`. */
  url: string;
  bytes: number;
  source: OfflineSource;
  savedAt: number;
  lastWatchedAt: number;
};

export type DownloadProgress = { loaded: number; total: number | null };

/** A download the browser refused to store: the origin's quota is full. */
export class OfflineQuotaError extends Error {
  constructor() {
    super('Not enough space on this device to save this video');
    this.name = 'OfflineQuotaError';
  }
}

const GIB = 1024 ** 3;
export const DEFAULT_BUDGET_BYTES = GIB;
const QUOTA_SHARE = 0.2;
const BUDGET_KEY = 'reel-offline-budget';
/** Other tabs (and hooks in this one) hear about every change here. */
const CHANNEL = 'reel-offline-media';

let idbStore: ReturnType<typeof createStore> | undefined;
// Opened on first use, so a visit that never keeps media never creates the database.
const itemsIdb = () => {
  idbStore ??= createStore('reel-offline-media', 'items');
  return idbStore;
};

/** The absolute URL a video's file is cached under. */
export const mediaCacheUrl = (videoUrl: string) => new URL(videoUrl, self.location.origin).href;

const hasCacheStorage = () => typeof caches !== 'undefined';

const notifyChanged = () => {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
};

/** Calls `listener` whenever the kept media change, in this tab or another; returns the unsubscribe. */
export function onOfflineMediaChange(listener: () => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = listener;
  // BroadcastChannel does not deliver to the sender's own context: hooks in this tab listen here.
  const local = () => listener();
  self.addEventListener(CHANNEL, local);
  return () => {
    channel.close();
    self.removeEventListener(CHANNEL, local);
  };
}

const changed = () => {
  notifyChanged();
  self.dispatchEvent(new Event(CHANNEL));
};

export async function listOffline(): Promise<OfflineItem[]> {
  const ids = await keys<string>(itemsIdb());
  const items = await Promise.all(ids.map((id) => get<OfflineItem>(id, itemsIdb())));
  return items.filter((item): item is OfflineItem => item !== undefined);
}

export const getOffline = (videoId: string) => get<OfflineItem>(videoId, itemsIdb());

/** Ids of the videos whose whole file is on this device. */
export async function offlineVideoIds(): Promise<Set<string>> {
  return new Set(await keys<string>(itemsIdb()));
}

async function deleteItem(item: OfflineItem): Promise<void> {
  await del(item.videoId, itemsIdb());
  // Videos with the same bytes share one file (content-addressed keys): it goes with the last of them.
  const shared = (await listOffline()).some((other) => other.url === item.url);
  if (hasCacheStorage() && !shared) await (await caches.open(MEDIA_VIDEO_CACHE)).delete(item.url);
}

export async function removeOffline(videoId: string): Promise<void> {
  const item = await getOffline(videoId);
  if (!item) return;
  await deleteItem(item);
  changed();
}

/** Logout's part: every kept file and its index. */
export async function clearOfflineMedia(): Promise<void> {
  if (hasCacheStorage()) await caches.delete(MEDIA_VIDEO_CACHE);
  await clear(itemsIdb());
  changed();
}

/** Records a play of a kept video, so eviction keeps what is watched. No-op for the rest. */
export async function markWatched(videoId: string, now = Date.now()): Promise<void> {
  const item = await getOffline(videoId);
  if (item) await set(videoId, { ...item, lastWatchedAt: now }, itemsIdb());
}

/** The budget the user chose on the Downloads page (bytes), or null for the default. */
export function chosenBudgetBytes(): number | null {
  const chosen = Number(localStorage.getItem(BUDGET_KEY));
  return Number.isFinite(chosen) && chosen > 0 ? chosen : null;
}

/** The default budget: 1 GiB or 20 % of the origin's `quota`, whichever is lower. */
export const defaultBudgetBytes = (quota: number | undefined): number =>
  quota ? Math.min(DEFAULT_BUDGET_BYTES, Math.floor(quota * QUOTA_SHARE)) : DEFAULT_BUDGET_BYTES;

/** The user's budget if they set one, else the default for `quota`. */
export function budgetBytes(quota: number | undefined): number {
  return chosenBudgetBytes() ?? defaultBudgetBytes(quota);
}

/** Sets the budget (bytes), or goes back to the default with `null`, then evicts down to it. */
export async function setBudgetBytes(bytes: number | null): Promise<void> {
  if (bytes === null) localStorage.removeItem(BUDGET_KEY);
  else localStorage.setItem(BUDGET_KEY, String(Math.max(0, Math.floor(bytes))));
  await evictToBudget();
  changed();
}

export type OfflineUsage = {
  /** Bytes of the kept files. */
  used: number;
  budget: number;
  /** The browser's figures for the whole origin (`navigator.storage.estimate()`). */
  usage: number | undefined;
  quota: number | undefined;
};

export async function offlineUsage(): Promise<OfflineUsage> {
  const [items, estimate] = await Promise.all([listOffline(), navigator.storage?.estimate?.()]);
  const used = items.reduce((sum, item) => sum + item.bytes, 0);
  return { used, budget: budgetBytes(estimate?.quota), usage: estimate?.usage, quota: estimate?.quota };
}

/**
 * Removes the least recently watched (or saved) items until the kept files fit the budget; `keep`
 * is never removed (the file just saved). Returns the ids removed.
 */
export async function evictToBudget(keep?: string): Promise<string[]> {
  const { budget } = await offlineUsage();
  const items = await listOffline();
  let used = items.reduce((sum, item) => sum + item.bytes, 0);
  const oldestFirst = items
    .filter((item) => item.videoId !== keep)
    .sort((a, b) => Math.max(a.lastWatchedAt, a.savedAt) - Math.max(b.lastWatchedAt, b.savedAt));
  const removed: string[] = [];
  for (const item of oldestFirst) {
    if (used <= budget) break;
    await deleteItem(item);
    used -= item.bytes;
    removed.push(item.videoId);
  }
  return removed;
}

/** Asks the browser not to evict this origin's storage (the first save asks; the answer is kept by the browser). */
export async function askPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/**
 * Fetches the whole file of a public `video` into the cache and indexes it, reporting progress;
 * `signal` cancels (nothing is kept). A file already kept is not fetched again (a `saved` request
 * upgrades an `ahead` item). Evicts down to the budget afterwards.
 */
export async function downloadForOffline(
  video: Video,
  source: OfflineSource,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<OfflineItem> {
  if (!video.isPublic) throw new Error('Only public videos can be saved for offline');
  const known = await getOffline(video.id);
  if (known) {
    const item = source === 'saved' && known.source === 'ahead' ? { ...known, source } : known;
    if (item !== known) {
      await set(video.id, item, itemsIdb());
      // The Downloads page and the cards show the source: they read it again.
      changed();
    }
    return item;
  }
  const url = mediaCacheUrl(video.videoUrl);
  // Another kept video has the same file (same bytes, same key): this one is indexed on it, unfetched.
  const sameFile = await (await caches.open(MEDIA_VIDEO_CACHE)).match(url);
  if (sameFile) {
    const bytes = Number(sameFile.headers.get('Content-Length')) || (await sameFile.blob()).size;
    onProgress?.({ loaded: bytes, total: bytes });
    return indexKept(video, url, bytes, source);
  }
  // `cache: 'no-store'` keeps a second copy out of the HTTP cache; the SW passes an uncached file through.
  const response = await fetch(url, { signal, cache: 'no-store', credentials: 'same-origin' });
  if (response.status !== 200 || !response.body) throw new Error(`Download failed (${response.status})`);
  // The server is the judge: a video made private since its record was read is not kept either.
  if (!mayKeepAnswer(response)) {
    await response.body.cancel();
    throw new Error('Only public videos can be saved for offline');
  }
  const header = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(header) && header > 0 ? header : null;
  const cache = await caches.open(MEDIA_VIDEO_CACHE);
  let loaded = 0;
  try {
    if (onProgress) {
      const [toCache, toCount] = response.body.tee();
      const counting = (async () => {
        const reader = toCount.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          loaded += value.byteLength;
          onProgress({ loaded, total });
        }
      })();
      await Promise.all([cache.put(url, new Response(toCache, { headers: response.headers })), counting]);
    } else {
      // Nobody shows progress (the feed's fetch-ahead): the body streams into the cache without a
      // JavaScript call per chunk, which a phone's main thread would feel while the short plays.
      await cache.put(url, response);
      loaded = total ?? (await cachedSize(cache, url));
    }
  } catch (error) {
    // A cancelled or failed download leaves nothing half-written behind.
    await cache.delete(url);
    if (isQuotaError(error)) throw new OfflineQuotaError();
    throw error;
  }
  return indexKept(video, url, loaded, source);
}

/** The size of a cached answer that came without a Content-Length. */
async function cachedSize(cache: Cache, url: string): Promise<number> {
  const cached = await cache.match(url);
  return cached ? (await cached.blob()).size : 0;
}

/** Indexes a video whose file is in the cache, then evicts down to the budget (never this one). */
async function indexKept(
  video: Video,
  url: string,
  bytes: number,
  source: OfflineSource,
): Promise<OfflineItem> {
  const now = Date.now();
  const item: OfflineItem = {
    videoId: video.id,
    video,
    url,
    bytes,
    source,
    savedAt: now,
    lastWatchedAt: now,
  };
  await set(video.id, item, itemsIdb());
  await evictToBudget(video.id);
  changed();
  return item;
}

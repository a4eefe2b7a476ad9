import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '../../../schema/content';
import type { OfflineItem } from '../../../web/data/offline-media-store';
import { playableFirst } from '../../../web/features/offline-media/offline-ids';

// The store's IndexedDB (idb-keyval) as a Map: Node has no IndexedDB, and fake-indexeddb is not a dependency.
const rows = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  createStore: () => 'items',
  get: async (key: string) => rows.get(key),
  set: async (key: string, value: unknown) => void rows.set(key, value),
  del: async (key: string) => void rows.delete(key),
  keys: async () => [...rows.keys()],
  clear: async () => rows.clear(),
}));

// The unit tests share one module registry (vitest.config.ts): another file may have loaded the
// store with the real idb-keyval already, so this file loads its own copy, under the mock.
vi.resetModules();
const store = await import('../../../web/data/offline-media-store');

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;
const deletedUrls: string[] = [];

const item = (id: string, bytes: number, savedAt: number, lastWatchedAt = savedAt): OfflineItem => ({
  videoId: id,
  video: { id } as Video,
  url: `http://reel.test/media/videos/${id}.mp4`,
  bytes,
  source: 'saved',
  savedAt,
  lastWatchedAt,
});

beforeEach(() => {
  rows.clear();
  deletedUrls.length = 0;
  const local = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => local.get(key) ?? null,
    setItem: (key: string, value: string) => local.set(key, value),
    removeItem: (key: string) => local.delete(key),
  });
  vi.stubGlobal('caches', {
    open: async () => ({ delete: async (url: string) => deletedUrls.push(url) }),
  });
  vi.stubGlobal('navigator', { storage: { estimate: async () => ({ quota: 100 * GIB, usage: 0 }) } });
  vi.stubGlobal('self', Object.assign(new EventTarget(), { location: { origin: 'http://reel.test' } }));
});

afterEach(() => vi.unstubAllGlobals());

describe('the offline budget', () => {
  it('is 1 GiB or 20 % of the quota, whichever is lower', () => {
    expect(store.budgetBytes(100 * GIB)).toBe(GIB);
    expect(store.budgetBytes(2 * GIB)).toBe(Math.floor(0.2 * 2 * GIB));
    expect(store.budgetBytes(undefined)).toBe(GIB);
  });

  it('is the one the user chose on the Downloads page, until they go back to the default', async () => {
    await store.setBudgetBytes(256 * MIB);
    expect(store.budgetBytes(100 * GIB)).toBe(256 * MIB);
    expect(store.chosenBudgetBytes()).toBe(256 * MIB);
    await store.setBudgetBytes(null);
    expect(store.budgetBytes(100 * GIB)).toBe(GIB);
    expect(store.chosenBudgetBytes()).toBeNull();
  });
});

describe('eviction', () => {
  beforeEach(() => {
    rows.set('watched-last', item('watched-last', 400 * MIB, 100, 300));
    rows.set('never-watched', item('never-watched', 400 * MIB, 150));
    rows.set('watched-before', item('watched-before', 400 * MIB, 120, 200));
  });

  it('removes the least recently watched first, file and index, until the rest fit', async () => {
    localStorage.setItem('reel-offline-budget', String(900 * MIB));
    expect(await store.evictToBudget()).toEqual(['never-watched']);
    expect(deletedUrls).toEqual(['http://reel.test/media/videos/never-watched.mp4']);
    expect([...(await store.offlineVideoIds())].sort()).toEqual(['watched-before', 'watched-last']);
  });

  it('counts a play: a video watched now goes to the back of the line', async () => {
    localStorage.setItem('reel-offline-budget', String(900 * MIB));
    await store.markWatched('never-watched', 400);
    expect(await store.evictToBudget()).toEqual(['watched-before']);
  });

  it('never removes the file just saved, even when it alone is over the budget', async () => {
    localStorage.setItem('reel-offline-budget', String(300 * MIB));
    expect(await store.evictToBudget('never-watched')).toEqual(['watched-before', 'watched-last']);
    expect([...(await store.offlineVideoIds())]).toEqual(['never-watched']);
  });

  it('removes nothing within the budget', async () => {
    localStorage.setItem('reel-offline-budget', String(2 * GIB));
    expect(await store.evictToBudget()).toEqual([]);
  });

  it('a smaller budget chosen on the Downloads page evicts at once', async () => {
    await store.setBudgetBytes(512 * MIB);
    expect([...(await store.offlineVideoIds())]).toEqual(['watched-last']);
  });
});

describe('playableFirst', () => {
  it('puts the kept items first, each group in its own order', () => {
    const feed = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    expect(playableFirst(feed, new Set(['d', 'b'])).map(({ id }) => id)).toEqual(['b', 'd', 'a', 'c', 'e']);
    expect(playableFirst(feed, new Set()).map(({ id }) => id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

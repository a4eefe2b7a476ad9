import { expect, type Page } from '@playwright/test';
import { demo } from './api';
import { test } from './fixtures';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

/* Issue 11.3 "Shorts": the feed keeps the next 10 shorts whole on the device and plays them offline. */

const player = (page: Page) => page.getByTestId('short-player');

/** How many shorts the offline index (web/data/offline-media-store.ts) holds, and how many files are cached. */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const files = (await caches.has('reel-media-video-v1'))
      ? (await (await caches.open('reel-media-video-v1')).keys()).length
      : 0;
    // Opening a database that does not exist would create it without its store: look first.
    if (!(await indexedDB.databases()).some((db) => db.name === 'reel-offline-media'))
      return { items: 0, files };
    const items = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('reel-offline-media');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('items')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('items').objectStore('items').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error);
      };
    });
    return { items, files };
  });

/** One short's entry in the offline index: when it was kept and when last watched. */
const keptItem = (page: Page, videoId: string) =>
  page.evaluate(
    (id) =>
      new Promise<{ savedAt: number; lastWatchedAt: number } | undefined>((resolve, reject) => {
        const open = indexedDB.open('reel-offline-media');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('items').objectStore('items').get(id);
          read.onsuccess = () => {
            db.close();
            resolve(read.result);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    videoId,
  );

/** The playing short's position advances (it is decoding and presenting, not stuck on a poster). */
const expectPlaying = async (page: Page) => {
  const start = await player(page).evaluate((video: HTMLVideoElement) => video.currentTime);
  await expect
    .poll(() => player(page).evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(start + 0.3);
};

/** Visits /reels until the service worker controls the page (so the feed's code is kept too). */
const openReelsControlled = async (page: Page) => {
  await page.goto('/reels');
  await untilControlled(page);
  await expect(player(page)).toBeVisible();
};

test('shorts fetched ahead online play offline after a reload, five and more in a row', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { items } = await demo(request).firstShortsPage();
  if (items.length < 12) throw new Error('the demo needs 12 shorts');

  await openReelsControlled(page);
  await expect(player(page)).toHaveAttribute('src', items[0]?.videoUrl ?? '');
  // The 10 shorts after the current one are kept, and no more.
  await expect.poll(async () => (await kept(page)).items, { timeout: 30_000 }).toBe(10);
  await page.waitForTimeout(500);
  expect((await kept(page)).items).toBe(10);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // Offline, the kept shorts come first, in feed order: the second short of the feed leads.
  for (const short of items.slice(1, 7)) {
    await expect(player(page)).toHaveAttribute('src', short.videoUrl);
    await expectPlaying(page);
    await page.keyboard.press('ArrowDown');
  }
  // Eviction keeps what is watched: a kept short that played says when.
  const watched = await keptItem(page, items[1]?.id ?? '');
  expect(watched?.lastWatchedAt).toBeGreaterThan(watched?.savedAt ?? Number.POSITIVE_INFINITY);
  const unwatched = await keptItem(page, items[10]?.id ?? '');
  expect(unwatched?.lastWatchedAt).toBe(unwatched?.savedAt);
  // After the kept ones, a short never fetched says so instead of a black player.
  for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('short-unavailable')).toHaveText('Not available offline');
  await expect(player(page)).toHaveCount(0);
  await context.setOffline(false);
  // Downloads lists them as fetched ahead, apart from what the user saved (issue 23 §5).
  await page.goto('/downloads');
  await expect(page.getByTestId('downloads-ahead').getByTestId('download-item')).toHaveCount(10);
  await expect(page.getByTestId('downloads-saved').getByTestId('download-item')).toHaveCount(0);
});

test('the next 2 shorts load ahead, and a swipe reveals the player that already holds the next one', async ({
  page,
  request,
}) => {
  const { items } = await demo(request).firstShortsPage();
  const [first, second, third, fourth] = items;
  if (!first || !second || !third || !fourth) throw new Error('the demo needs four shorts');

  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  const preloaded = page.locator('video[data-preload]');
  await expect(preloaded).toHaveCount(2);
  for (const short of [second, third]) {
    const video = page.locator(`video[data-preload][src="${short.videoUrl}"]`);
    // HAVE_CURRENT_DATA: the first frame is decoded before the viewer asks for it.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
  }
  await page.locator(`video[data-preload][src="${second.videoUrl}"]`).evaluate((element) => {
    (window as Window & { preloadedPlayer?: Element }).preloadedPlayer = element;
  });

  await page.keyboard.press('ArrowDown');
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
  expect(
    await player(page).evaluate(
      (element) => element === (window as Window & { preloadedPlayer?: Element }).preloadedPlayer,
    ),
  ).toBe(true);
  await expectPlaying(page);
  // The window moves on: the one after next starts loading.
  await expect(page.locator(`video[data-preload][src="${fourth.videoUrl}"]`)).toHaveCount(1);
});

test('downloads ahead run one at a time, and leaving /reels cancels the one in flight', async ({
  page,
  context,
}) => {
  // Whole-file downloads ask without a Range header (a player always sends one). The first is held
  // 1.5 s, time enough for a second to start beside it if they did not run one at a time; the
  // second until the page has left /reels, so it is still in flight then however slow the machine
  // (run 20: a second held 1.5 s had finished before the click's navigation was done).
  let downloads = 0;
  let running = 0;
  let mostAtOnce = 0;
  let releaseSecond: () => void = () => undefined;
  const secondReleased = new Promise<void>((resolve) => {
    releaseSecond = resolve;
  });
  // The context's route: once the worker controls the page, it is the worker that fetches.
  await context.route('**/media/videos/**', async (route) => {
    if (route.request().headers().range) return route.continue();
    downloads += 1;
    const first = downloads === 1;
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await (first ? new Promise((resolve) => setTimeout(resolve, 1500)) : secondReleased);
    running -= 1;
    // The page may have cancelled it meanwhile.
    await route.continue().catch(() => undefined);
  });

  await page.goto('/reels');
  await expect.poll(() => downloads, { timeout: 30_000 }).toBe(2);
  expect((await kept(page)).items).toBe(1);
  await page.locator('a[href="/"]').first().click();
  await expect(page).toHaveURL('/');
  releaseSecond();
  await page.waitForTimeout(3000);
  expect(await kept(page)).toEqual({ items: 1, files: 1 });
  expect(downloads).toBe(2);
  // One file at a time.
  expect(mostAtOnce).toBe(1);
});

/** Counts whole-file downloads (a player's requests always carry a Range header). */
const countDownloads = async (page: Page) => {
  const seen: string[] = [];
  // The context's route: once the worker controls the page, it is the worker that fetches.
  await page.context().route('**/media/videos/**', (route) => {
    if (!route.request().headers().range) seen.push(new URL(route.request().url()).pathname);
    return route.continue();
  });
  return seen;
};

/** Every short in the offline index has its file in Cache Storage. */
const filesOfKept = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('reel-media-video-v1');
    const items = await new Promise<{ videoId: string; url: string }[]>((resolve, reject) => {
      const open = indexedDB.open('reel-offline-media');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('items').objectStore('items').getAll();
        all.onsuccess = () => {
          open.result.close();
          resolve(all.result);
        };
      };
    });
    return Promise.all(
      items.map(async (item) => ({ id: item.videoId, file: !!(await cache.match(item.url)) })),
    );
  });

test('a file two shorts share is downloaded once', async ({ page, request }) => {
  const { items } = await demo(request).firstShortsPage();
  const ahead = items.slice(1, 11).map((short) => short.videoUrl);
  const distinct = new Set(ahead).size;
  // The demo hands its 10 clips out round-robin, so some of the 10 ahead share a file.
  expect(distinct).toBeLessThan(10);
  const downloads = await countDownloads(page);

  await page.goto('/reels');
  await expect.poll(async () => (await kept(page)).items, { timeout: 30_000 }).toBe(10);
  expect(downloads.sort()).toEqual([...new Set(ahead)].sort());
  expect((await kept(page)).files).toBe(distinct);
});

test('evicting a short keeps the file another kept short still plays from', async ({ page, request }) => {
  const { items } = await demo(request).firstShortsPage();
  // A budget of some 6 demo clips: the oldest kept shorts are evicted as the next ones land.
  await page.addInitScript(() => localStorage.setItem('reel-offline-budget', String(1_200_000)));
  const downloads = await countDownloads(page);
  const distinct = new Set(items.slice(1, 11).map((short) => short.videoUrl)).size;

  await page.goto('/reels');
  await expect.poll(() => downloads.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(distinct);
  await page.waitForTimeout(1000);
  const files = await filesOfKept(page);
  expect(files.length).toBeLessThan(10);
  expect(files.filter((item) => !item.file)).toEqual([]);
});

test('with Save-Data on nothing is fetched ahead, and turning it off starts the fetch', async ({ page }) => {
  // A connection the test can change, as Chromium's own fires 'change' when the user flips Save-Data.
  await page.addInitScript(() => {
    const connection = new EventTarget() as EventTarget & {
      saveData: boolean;
      type: string;
      effectiveType: string;
    };
    Object.assign(connection, { saveData: true, type: 'wifi', effectiveType: '4g' });
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => connection, configurable: true });
  });

  await openReelsControlled(page);
  await expectPlaying(page);
  await page.waitForTimeout(3000);
  expect(await kept(page)).toEqual({ items: 0, files: 0 });

  await page.evaluate(() => {
    const connection = (navigator as Navigator & { connection: EventTarget & { saveData: boolean } })
      .connection;
    connection.saveData = false;
    connection.dispatchEvent(new Event('change'));
  });
  await expect.poll(async () => (await kept(page)).items, { timeout: 30_000 }).toBe(10);
});

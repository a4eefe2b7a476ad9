import { expect, type Locator, type Page } from '@playwright/test';
import type { Video } from '../../schema/content';
import { demo, filePart, longClipParts, uploadOverApi } from './api';
import { test } from './fixtures';
import { untilControlled, withServiceWorker } from './service-worker';
import { makeLongClip, makeStill } from './test-media';

test.use(withServiceWorker);

const MEDIA_CACHE = 'reel-media-video-v1';
const SMALL_PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 720 };

/** Uploads a long public video as the signed-in user through the API; answers the stored record. */
async function uploadLongVideo(page: Page, file: string, userId: string, title: string): Promise<Video> {
  const video = await uploadOverApi(page.request, {
    userId,
    title,
    description: 'A long test pattern to watch offline.',
    ...(await longClipParts(file)),
  });
  expect(video.type).toBe('video');
  return video;
}

/** How far the text of `element` runs past its box, in px (0 or less: it fits). */
const overflowOf = (element: Locator) => element.evaluate((box) => box.scrollWidth - box.clientWidth);

/** The URLs kept in the offline media cache, as the page sees them. */
const keptUrls = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  }, MEDIA_CACHE);

const currentTime = (page: Page) =>
  page.getByTestId('video-player').evaluate((element) => (element as HTMLVideoElement).currentTime);

/** Once the service worker controls the page, the shell, the route's code and public reads are kept. */
async function untilKept(page: Page) {
  await untilControlled(page);
  // The lazy chunks this page asked for are in the worker's cache once they have loaded.
  await page.waitForLoadState('networkidle');
}

test('a saved long video plays and seeks offline, Downloads lists it, and Remove frees it', async ({
  page,
  context,
  signedInUser,
}, info) => {
  test.setTimeout(90_000);
  const clip = info.outputPath('long.mp4');
  makeLongClip(clip);
  const { userId, username } = await signedInUser('saver');
  const older = await uploadLongVideo(page, clip, userId, 'Offline long take');
  const newer = await uploadLongVideo(page, clip, userId, 'Online only take');

  await page.goto(`/v/${older.id}`);
  await untilKept(page);
  await expect(page.getByRole('heading', { name: older.title })).toBeVisible();
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved for offline' })).toBeVisible();
  expect(await keptUrls(page)).toEqual([older.videoUrl]);

  // The creator's videos mark the kept one; online they keep their order (newest first).
  await page.goto(`/u/${username}`);
  const cards = page.getByTestId('profile-videos').getByTestId('video-card');
  const olderCard = cards.filter({ hasText: older.title });
  await expect(olderCard.getByText('Available offline')).toBeVisible();
  await expect(cards.filter({ hasText: newer.title }).getByText('Available offline')).toHaveCount(0);
  await expect(cards.first()).toContainText(newer.title);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // Offline, what plays comes first, and the rest say so.
  await expect(cards.first()).toContainText(older.title);
  await expect(cards.filter({ hasText: newer.title })).toContainText('Not available offline');

  // The watch page of the kept video plays from the kept file, and seeks in it.
  await page.goto(`/v/${older.id}`);
  await expect(page.getByRole('heading', { name: older.title })).toBeVisible();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
  await page.getByTestId('video-player').evaluate((element) => {
    (element as HTMLVideoElement).currentTime = 30;
  });
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(31);

  // The Downloads page lists it with its size, from this device alone.
  await page.goto('/downloads');
  const items = page.getByTestId('download-item');
  await expect(items).toHaveCount(1);
  // Under what the user saved, not what the feed fetched ahead (issue 23 §5).
  await expect(page.getByTestId('downloads-saved').getByTestId('download-item')).toHaveCount(1);
  await expect(page.getByTestId('downloads-ahead')).toContainText('No shorts fetched ahead.');
  await expect(items.first()).toContainText(older.title);
  await expect(items.first()).toContainText(/\d+(\.\d)? KB/);
  await expect(page.getByTestId('downloads-used')).not.toHaveText(/^0 B/);
  // On a 360 px phone its buttons take a finger and the creator's name stays in its column
  // (it ran under Remove).
  await page.setViewportSize(SMALL_PHONE);
  for (const control of [
    items.first().getByRole('button', { name: 'Remove' }),
    page.getByLabel('Storage budget'),
  ]) {
    expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }
  expect(await overflowOf(items.first().getByText(`@${username}`))).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
  await items.first().getByRole('button', { name: 'Remove' }).click();
  await expect(items).toHaveCount(0);
  await expect(page.getByText('Nothing saved for offline yet.')).toBeVisible();
  expect(await keptUrls(page)).toEqual([]);

  // Its saved record still shows the page (likes, comments work offline); the player says why it cannot play.
  await page.goto(`/v/${older.id}`);
  await expect(page.getByRole('heading', { name: older.title })).toBeVisible();
  await expect(page.getByTestId('video-unavailable')).toHaveText('Not available offline');
  await context.setOffline(false);
});

test('offline, a video never saved says Not available offline', async ({ page, context, request }) => {
  const [video, watched] = await demo(request).latestVideos();
  if (!video || !watched) throw new Error('the demo has fewer than two videos');
  // Another watch page seen online: the page's code is on the device, this video's data is not.
  await page.goto(`/v/${watched.id}`);
  await untilKept(page);
  await context.setOffline(true);
  await page.goto(`/v/${video.id}`);
  await expect(page.getByTestId('video-not-found')).toHaveText('Not available offline');
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: video.title })).toBeVisible();
});

test('Cancel in the middle of a save keeps nothing', async ({ page, context, signedInUser }, info) => {
  const clip = info.outputPath('long.mp4');
  makeLongClip(clip);
  const { userId } = await signedInUser('canceller');
  const video = await uploadLongVideo(page, clip, userId, 'Cancelled long take');
  await page.goto(`/v/${video.id}`);
  await untilKept(page);
  // The file's request (the service worker passes it on) hangs: the save stays in progress.
  await context.route(`**${video.videoUrl}`, () => undefined);
  await page.reload();
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByRole('progressbar', { name: 'Saving for offline' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save for offline' })).toBeVisible();
  await context.unroute(`**${video.videoUrl}`);
  expect(await keptUrls(page)).toEqual([]);
  await page.goto('/downloads');
  await expect(page.getByText('Nothing saved for offline yet.')).toBeVisible();
});

test('a private video plays for its owner and the device keeps none of it; others get 404', async ({
  page,
  browser,
  baseURL,
  signedInUser,
}, info) => {
  test.setTimeout(90_000);
  const clip = info.outputPath('long.mp4');
  makeLongClip(clip);
  const poster = info.outputPath('poster.jpg');
  makeStill(clip, poster, { second: 0 });
  const { userId } = await signedInUser('secretive');
  const video = await uploadOverApi(page.request, {
    userId,
    title: 'Only mine',
    isPublic: false,
    ...(await longClipParts(clip)),
    poster: await filePart(poster, 'image/jpeg'),
  });
  expect(video.isPublic).toBe(false);

  // The owner watches it with the service worker in control: the file plays, the poster shows.
  await page.goto(`/v/${video.id}`);
  await untilKept(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: video.title })).toBeVisible();
  await expect
    .poll(() => page.getByTestId('video-player').evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);
  await page.waitForLoadState('networkidle');

  // No Cache Storage entry holds it: not the file, not the poster, not its record.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  const itsOwn = [video.videoUrl, video.thumbnail, `/api/videos/${video.id}`];
  expect(cached.filter((path) => itsOwn.includes(path))).toEqual([]);

  // Anyone else, with the URLs in hand, gets what a missing object gets.
  const visitor = await browser.newContext({ baseURL });
  for (const path of [video.videoUrl, video.thumbnail]) {
    expect((await visitor.request.get(path)).status(), path).toBe(404);
  }
  await visitor.close();
});

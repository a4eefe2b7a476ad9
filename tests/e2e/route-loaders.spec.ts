import { expect, type Page } from '@playwright/test';
import { demo } from './api';
import { test } from './fixtures';
import { withServiceWorker } from './service-worker';

test.use(withServiceWorker);

// page.route sees only requests the page itself sends; with no service worker, chunks are among them.
test.use({ serviceWorkers: 'block' });
test.setTimeout(60_000);

/** Long enough for the loader's own small chunk behind home's images on a busy machine. */
const HOLD_MS = 15_000;

/**
 * Holds back the page chunk matching `chunk`, once `arm` is called, until a request matching `data`
 * is sent (or HOLD_MS pass), then lets it load. `verdict` answers, once the chunk is let go, whether
 * the data request went out while the chunk was still held: true only when the route's loader
 * starts it, since the page's own hooks run after the chunk. Routing is set up before the page
 * loads (turning interception on mid-page can stall behind home's streaming previews).
 */
const holdChunkUntilData = async (page: Page, chunk: RegExp, data: (url: URL) => boolean) => {
  let armed = false;
  let dataSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    dataSent = resolve;
  });
  page.on('request', (request) => {
    if (armed && data(new URL(request.url()))) dataSent();
  });
  let released: (dataWhileHeld: boolean) => void = () => undefined;
  const verdict = new Promise<boolean>((resolve) => {
    released = resolve;
  });
  await page.route(chunk, async (route) => {
    if (!armed) return route.continue();
    const dataWhileHeld = await Promise.race([
      sent.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HOLD_MS)),
    ]);
    await route.continue();
    released(dataWhileHeld);
  });
  return {
    arm: () => {
      armed = true;
    },
    verdict,
  };
};

/**
 * Until the app has replaced the worker's static first screen. A link there is a plain link, which
 * loads the next page from the server: what these tests look at is the app's own navigation.
 */
const untilAppRendered = (page: Page) => expect(page.locator('[data-first-screen]')).toHaveCount(0);

test('opening a video from home requests the video together with the watch page code', async ({
  page,
  request,
}) => {
  const video = await demo(request).latestVideo();
  const hold = await holdChunkUntilData(
    page,
    /\/assets\/video-page-[^/]+\.js$/,
    (url) => url.pathname === `/api/videos/${video.id}`,
  );
  await page.goto('/');
  await untilAppRendered(page);
  const card = page.locator(`a[href="/v/${video.id}"]`).first();
  await expect(card).toBeVisible();
  hold.arm();
  await card.click();
  expect(await hold.verdict, 'the video was requested while the page chunk was held').toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
});

test("opening a creator's profile from home requests the profile together with its page code", async ({
  page,
  request,
}) => {
  const [creator] = await demo(request).topCreators();
  if (!creator) throw new Error('the demo has no creators');
  const hold = await holdChunkUntilData(
    page,
    /\/assets\/profile-page-[^/]+\.js$/,
    (url) => url.pathname === `/api/users/username/${creator.username}`,
  );
  await page.goto('/');
  await untilAppRendered(page);
  const link = page
    .getByRole('complementary', { name: 'Top Creators' })
    .locator(`a[href="/u/${creator.username}"]`)
    .first();
  await expect(link).toBeVisible();
  hold.arm();
  await link.click();
  expect(await hold.verdict, 'the profile was requested while the page chunk was held').toBe(true);
  await expect(page.getByTestId('profile-header')).toBeVisible();
});

test('a shared video link carries its Open Graph meta for crawlers, and the app still runs', async ({
  page,
  request,
}) => {
  const video = await demo(request).latestVideo();
  const response = await request.get(`/v/${video.id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const html = await response.text();
  // The crawler's view: parse the page as HTML, read the tags' attributes.
  await page.setContent(html.replace('<head>', '<head><base href="about:blank">'), { waitUntil: 'commit' });
  const meta = (key: string) =>
    page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');
  expect(await meta('og:title')).toBe(video.title);
  expect(await meta('twitter:card')).toBe(video.thumbnail ? 'summary_large_image' : 'summary');
  if (video.thumbnail) expect(await meta('og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);

  await page.goto(`/v/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
});

import { expect, type Page } from '@playwright/test';
import { firstScreenPaths } from '../../schema/first-screen';
import { demo } from './api';
import { test } from './fixtures';
import { createStreamKey, prepareSession } from './live-api';

/* Issue 20: the worker answers home and the share pages with their first screen drawn and its data
   inlined, so they paint before the app's JS runs and the app does not ask for that data again. */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.describe('without JavaScript', () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test('home shows its short and video cards, the topmost picture loaded', async ({ page, request }) => {
    const video = await demo(request).latestVideo();
    await page.goto('/');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { name: 'Latest Shorts' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Latest Videos' })).toBeVisible();
    await expect(main.getByRole('link', { name: video.title }).first()).toBeVisible();
    // The topmost picture is on screen and loaded, nothing of it waits for the app.
    const first = main.locator('img[fetchpriority="high"]');
    await expect(first).toHaveCount(1);
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test('a watch page and a profile show their title and name', async ({ page, request }) => {
    const video = await demo(request).latestVideo();
    await page.goto(`/v/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
    await page.goto(`/u/${video.creator}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(`@${video.creator}`).first()).toBeVisible();
  });
});

test('the app takes over home from the inlined answers without asking for them again', async ({ page }) => {
  const inlined = new Set([
    firstScreenPaths.latestVideos(),
    firstScreenPaths.latestShorts(),
    firstScreenPaths.activeSessions(),
    firstScreenPaths.topCreators(),
  ]);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (inlined.has(`${url.pathname}${url.search}`)) asked.push(url.pathname + url.search);
  });
  await page.goto('/');
  // The app's own render (its cards carry test ids the static screen does not).
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  await expect(page.getByTestId('short-card').first()).toBeVisible();
  await expect(page.getByTestId('top-creators')).toBeVisible();
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});

test("home's app code is fetched and run only once its topmost picture has painted, or 2.5 s have passed without it", async ({
  page,
}) => {
  // The pictures never arrive: the app must neither load before them nor wait for them for ever.
  await page.route(
    (url) => /^\/(media|hls)\//.test(url.pathname),
    () => undefined,
  );
  const entryRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) entryRequests.push(request.url());
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('[data-first-screen]')).toBeVisible();
  // Neither fetched (the picture has the network to itself) nor run: the inlined answers are unread.
  await page.waitForTimeout(1000);
  expect(entryRequests).toEqual([]);
  await expect(page.locator('#reel-first-screen')).toHaveCount(1);
  await expect(page.getByTestId('video-card')).toHaveCount(0);
  await expect(page.getByTestId('video-card').first()).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  expect(entryRequests).toHaveLength(1);
});

/**
 * Records, from the page's first moment, every page-wide loading state drawn: the router's and the
 * pages' own (a section further down may still show its own while it loads).
 */
const recordLoadingStates = () => {
  const busy = '.page-pending, [data-testid="shorts-loading"], [data-testid="live-loading"]';
  const seen: string[] = [];
  Object.assign(window, { loadingStatesSeen: seen });
  new MutationObserver(() => {
    const found = document.querySelector(busy);
    if (found) seen.push(found.outerHTML.slice(0, 80));
  }).observe(document, { childList: true, subtree: true });
};

/** The API paths among `inlined` that the page requests from now on. */
const requestsFor = (page: Page, inlined: string[]) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (inlined.includes(`${url.pathname}${url.search}`)) asked.push(`${url.pathname}${url.search}`);
  });
  return asked;
};

/**
 * After the app has drawn the page: no loading state was drawn, and none of the reads the page
 * carried went to the network. A mount that asks again does so in the effects of the render that
 * drew the page, so a second is ample for its request to show.
 */
const expectTakenOverWhole = async (page: Page, path: string, asked: string[]) => {
  expect(await page.evaluate(() => Reflect.get(window, 'loadingStatesSeen')), path).toEqual([]);
  await page.waitForTimeout(1000);
  expect(asked, `${path} asked again for what it carried`).toEqual([]);
};

test('the app takes over a shared page from its first screen whole: no loading state, no second read', async ({
  page,
  request,
}) => {
  const video = await demo(request).latestVideo();
  await page.addInitScript(recordLoadingStates);
  const pages = [
    {
      path: `/v/${video.id}`,
      inlined: [firstScreenPaths.video(video.id)],
      drawn: page.getByRole('heading', { level: 1, name: video.title }),
    },
    {
      path: `/u/${video.creator}`,
      inlined: [firstScreenPaths.profile(video.creator)],
      drawn: page.locator('section.profile-page'),
    },
    {
      path: '/reels',
      inlined: [firstScreenPaths.latestShorts()],
      drawn: page.getByTestId('rail-like-count').first(),
    },
  ];
  for (const { path, inlined, drawn } of pages) {
    const asked = requestsFor(page, inlined);
    await page.goto(path);
    await expect(page.locator('[data-first-screen]')).toHaveCount(0);
    await expect(drawn).toBeVisible();
    await expectTakenOverWhole(page, path, asked);
  }
});

test('the app takes over a live page from its first screen whole: no loading state, no second read', async ({
  browser,
  page,
  signedInUser,
}) => {
  const creatorContext = await browser.newContext();
  const creator = await signedInUser('onair', creatorContext);
  const key = await createStreamKey(creatorContext.request, creator.userId);
  // A prepared session is the key's current one, as a started one is.
  await prepareSession(creatorContext.request, key.id, { title: 'First screen, then the app', start: false });

  await page.addInitScript(recordLoadingStates);
  // The current session too: off air the status room names none, which is no news about a prepared one.
  const asked = requestsFor(page, [
    firstScreenPaths.streamKeyByUsername(creator.username),
    firstScreenPaths.profile(creator.username),
    firstScreenPaths.currentSession(key.id),
  ]);
  // Not carried by the page: the server's status, which the player reads once for its WHEP URL. The
  // status room's first answer, off air, says nothing that read did not.
  const statusPath = `/api/sessions/status?key=${key.id}`;
  const statusReads = requestsFor(page, [statusPath]);
  const path = `/live/${creator.username}`;
  await page.goto(path);
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expectTakenOverWhole(page, path, asked);
  expect(statusReads).toEqual([statusPath]);
  await creatorContext.close();
});

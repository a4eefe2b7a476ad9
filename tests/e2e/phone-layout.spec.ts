import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { VideoSchema } from '../../schema/content';
import { demo } from './api';
import { type SignedInUser, test } from './fixtures';
import { holdSessionAnswer } from './pages/top-bar';

/* Issue 20 §3: the app at a phone's size (360x780, touch), signed out and signed in. */

const PHONE = { width: 360, height: 780 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const player = (page: Page) => page.getByTestId('short-player');

async function allShorts(page: Page) {
  const response = await page.request.get('/api/videos/shorts');
  return dataEnvelope(z.array(VideoSchema)).parse(await response.json()).data;
}

/**
 * How wide the document is. With a phone's viewport a page wider than the screen widens the
 * layout viewport with it (the browser zooms out), so the width is compared with the screen's,
 * not with the document's own client width.
 */
const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Opens `path`, waits for `ready` and for the page's requests to settle, and answers its width. */
async function widthOf(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return documentWidth(page);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Every route of the app with what shows that it has drawn; /reels comes before /downloads, whose list it fills. */
async function routes(page: Page, username: string) {
  const [video] = await demo(page.request).latestVideos();
  const [short] = await allShorts(page);
  if (!video || !short) throw new Error('the demo needs a video and a short');
  return [
    ['/', (p: Page) => p.getByTestId('home-videos')],
    ['/reels', (p: Page) => p.getByTestId('short-player')],
    [`/s/${short.id}`, (p: Page) => p.getByTestId('short-player')],
    [`/v/${video.id}`, heading],
    [`/u/${username}`, (p: Page) => p.getByTestId('profile-header')],
    [`/live/${username}`, (p: Page) => p.getByTestId('chat-panel')],
    ['/livestream', heading],
    ['/studio', heading],
    ['/wallet', heading],
    ['/search?q=a', heading],
    ['/graden', heading],
    ['/challenges', heading],
    ['/list_task', heading],
    ['/downloads', (p: Page) => p.getByTestId('download-item')],
  ] as const;
}

/** Makes a stream key for the user `request` is signed in as, so their /live page shows the player and the chat. */
async function createStreamKey(request: APIRequestContext, userId: string) {
  const created = await request.post('/api/stream-keys', { data: { name: 'Phone test', userId } });
  expect(created.status()).toBe(201);
}

/** A user with a stream key, so their /live page shows the player and the chat. */
async function streamer(
  browser: Browser,
  signedInUser: (prefix: string, context: BrowserContext) => Promise<SignedInUser>,
) {
  const streamerContext = await browser.newContext();
  const { username, userId } = await signedInUser('phonestreamer', streamerContext);
  await createStreamKey(streamerContext.request, userId);
  await streamerContext.close();
  return username;
}

/** The routes whose document is wider than the phone's screen, with their widths. */
async function tooWide(page: Page, username: string) {
  const widths: Record<string, number> = {};
  for (const [path, ready] of await routes(page, username)) widths[path] = await widthOf(page, path, ready);
  return Object.entries(widths).filter(([, width]) => width > PHONE.width);
}

// Signed out and signed in are two tests, so the two workers share their 28 page loads.
test('no page scrolls sideways at 360 px, signed out', async ({ page, browser, signedInUser }) => {
  test.setTimeout(120_000);
  const username = await streamer(browser, signedInUser);
  expect(await tooWide(page, username)).toEqual([]);
});

test('no page scrolls sideways at 360 px, signed in', async ({ page, browser, signedInUser }) => {
  test.setTimeout(120_000);
  const username = await streamer(browser, signedInUser);
  await signedInUser('phone');
  expect(await tooWide(page, username)).toEqual([]);
});

test('/reels fills the screen without the top bar or Previous/Next, and Back leaves it', async ({ page }) => {
  await page.goto('/');
  await page.goto('/reels');
  await expect(player(page)).toBeVisible();

  const feed = await page.getByTestId('shorts-feed').boundingBox();
  expect(feed).toEqual({ x: 0, y: 0, ...PHONE });
  const stage = await page.locator('.shorts-stage').boundingBox();
  expect(stage).toEqual({ x: 0, y: 0, ...PHONE });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();
  expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(PHONE.height);

  const back = page.getByRole('button', { name: 'Back' });
  const box = await back.boundingBox();
  expect(box?.x ?? Number.POSITIVE_INFINITY).toBeLessThan(24);
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(24);
  await back.tap();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner')).toBeVisible();
});

test('Back on a short opened directly goes home', async ({ page }) => {
  const [short] = await allShorts(page);
  if (!short) throw new Error('the demo has no shorts');
  await page.goto(`/s/${short.id}`);
  await expect(player(page)).toHaveAttribute('src', short.videoUrl);
  await page.getByRole('button', { name: 'Back' }).tap();
  await expect(page).toHaveURL('/');
});

test('an unknown short keeps the top bar, the way out of the page', async ({ page }) => {
  await page.goto('/s/no-such-short');
  await expect(page.getByText('Video not found')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reel home' })).toBeVisible();
});

test('one swipe of a finger moves exactly one short', async ({ page, request }) => {
  const { items } = await demo(request).firstShortsPage();
  const [first, second, third] = items;
  if (!first || !second || !third) throw new Error('the demo needs three shorts');
  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);

  // A finger drawn up the middle of the screen, as the browser's own touch input (not synthetic events).
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === undefined ? [] : [{ x: 180, y }] });
  await touch('touchStart', 600);
  for (const y of [550, 480, 400, 320, 250]) await touch('touchMove', y);
  await touch('touchEnd');

  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
  await expect(page).toHaveTitle(`${second.title} | ${second.creator} - Reel`);
  // Nothing more follows: the same short a moment later, and the page itself did not scroll.
  await page.waitForTimeout(500);
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('Menu stays where it is as the page learns who is signed in', async ({ page }) => {
  // The page asks who is signed in as it starts; the answer is held until Menu has been measured.
  const answer = await holdSessionAnswer(page);
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const before = await menu.boundingBox();
  answer();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await menu.boundingBox()).toEqual(before);
});

test('the search icon opens a full-width field, signed out and signed in', async ({ page, signedInUser }) => {
  const openAndClose = async () => {
    const search = page.getByRole('combobox', { name: 'Search' });
    await expect(search).toBeHidden();
    const icon = page.getByRole('button', { name: 'Open search' });
    const iconBox = await icon.boundingBox();
    // The whole icon is on the screen and not squeezed.
    expect(iconBox?.width ?? 0).toBeGreaterThanOrEqual(32);
    expect((iconBox?.x ?? PHONE.width) + (iconBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await icon.tap();
    await expect(search).toBeFocused();
    expect((await search.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width * 0.9);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await expect(icon).toBeFocused();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  };
  await page.goto('/');
  await openAndClose();
  await signedInUser('phonesearch');
  await page.reload();
  await openAndClose();

  // The field still searches: the keyboard's search key opens the results.
  await page.getByRole('button', { name: 'Open search' }).tap();
  await page.getByRole('combobox', { name: 'Search' }).fill('nova');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/search?q=nova');
});

test('the watch page keeps its actions on one row that scrolls sideways', async ({ page, request }) => {
  const video = await demo(request).latestVideo();
  await page.goto(`/v/${video.id}`);
  const actions = page.locator('.watch-actions');
  await expect(actions.getByRole('button', { name: 'Save for offline' })).toBeAttached();
  const boxes = await actions
    .locator('.button')
    .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  // One row of buttons as tall as one line, however many there are.
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
  for (const box of boxes) expect(box.height).toBeLessThanOrEqual(44);
  expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

/** The heights of the page's visible buttons (`.button`, `.icon-button`), by their names. */
const buttonHeights = (page: Page) =>
  page.locator('.button:visible, .icon-button:visible').evaluateAll((buttons) =>
    buttons.map((button) => ({
      name: button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '',
      height: Math.round(button.getBoundingClientRect().height),
    })),
  );

test('on a touch screen every button is a fingertip tall (44 px), signed out and signed in', async ({
  page,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  const pages = [
    { path: '/', ready: page.getByRole('button', { name: 'Expand sidebar' }) },
    { path: `/v/${video.id}`, ready: page.getByRole('button', { name: 'Tip Now' }) },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    const heights = await buttonHeights(page);
    expect(heights.length, path).toBeGreaterThanOrEqual(3);
    expect(
      heights.filter(({ height }) => height < 44),
      path,
    ).toEqual([]);
  }
  await signedInUser('thumbs');
  await page.goto('/wallet');
  await expect(page.getByRole('button', { name: /^Pay / }).first()).toBeVisible();
  expect((await buttonHeights(page)).filter(({ height }) => height < 44)).toEqual([]);
});

test('the live page shows the chat directly under the player, About below, in reading order too', async ({
  page,
  signedInUser,
}) => {
  const { userId, username } = await signedInUser('phonelive');
  await createStreamKey(page.request, userId);
  await page.goto(`/live/${username}`);
  const playerBox = await page.getByTestId('live-player').boundingBox();
  const chatBox = await page.getByTestId('chat-panel').boundingBox();
  const titleBox = await page.getByTestId('live-title').boundingBox();
  const aboutBox = await page.getByTestId('live-about').boundingBox();
  if (!playerBox || !chatBox || !titleBox || !aboutBox) throw new Error('the live page is missing a part');
  expect(chatBox.y).toBeGreaterThan(playerBox.y + playerBox.height - 1);
  expect(chatBox.y - (playerBox.y + playerBox.height)).toBeLessThanOrEqual(24);
  expect(titleBox.y).toBeGreaterThan(chatBox.y + chatBox.height);
  expect(aboutBox.y).toBeGreaterThan(titleBox.y);
  // A keyboard and a screen reader meet them in the same order.
  const order = await page
    .locator(
      '[data-testid="live-player"], [data-testid="chat-panel"], [data-testid="live-title"], [data-testid="live-about"]',
    )
    .evaluateAll((parts) => parts.map((part) => part.getAttribute('data-testid')));
  expect(order).toEqual(['live-player', 'chat-panel', 'live-title', 'live-about']);
});

test('the waiting-to-send list stays within the screen', async ({ page, context, request, signedInUser }) => {
  const video = await demo(request).latestVideo();
  const { fullName } = await signedInUser('phonequeue');
  await page.goto(`/v/${video.id}`);
  // The app's own Like (the worker's static first screen has no buttons): the network goes once the
  // app has loaded.
  const like = page.getByRole('button', { name: /Like/ });
  await expect(like).toBeVisible();
  // ...and knows who is signed in (its account menu), as a page does before its network drops.
  await expect(page.getByRole('button', { name: fullName, exact: true })).toBeVisible();
  await context.setOffline(true);
  await like.tap();
  const outbox = page.getByRole('button', { name: /Waiting to send/ });
  await expect(outbox).toHaveText('1');
  await outbox.tap();
  const list = page.getByRole('list', { name: 'Waiting to send' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const box = await page.locator('.outbox-panel').boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
  await context.setOffline(false);
});

test('a new user with no followers shows no verified mark, no rank and no Active network', async ({
  page,
  signedInUser,
}) => {
  const { username } = await signedInUser('newcomer');
  await page.goto(`/u/${username}`);
  const header = page.getByTestId('profile-header');
  await expect(header.getByRole('heading', { name: 'newcomer tester' })).toBeVisible();
  await expect(page.getByTestId('stat-followers')).toContainText('0');
  await expect(header.getByRole('img', { name: 'Verified' })).toHaveCount(0);
  await expect(page.getByTestId('stat-rank')).not.toContainText('#');
  await expect(page.getByText('Active', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Social accounts' })).toHaveCount(0);
});

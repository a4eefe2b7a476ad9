import { type BrowserContext, expect, type Page, type Request } from '@playwright/test';
import { test } from './fixtures';
import { createStreamKey, prepareSession } from './live-api';
import { broadcast } from './pages/live';

/*
 * Issue 20 §1: a home live card shows the stream's still frame as an image; no video library and
 * no media segment load for it until the card is hovered or focused; a phone, which cannot hover,
 * keeps the still.
 */

// Real ffmpeg on two slow cores: the first segment (and the first still, ~3 s later) can take a while.
const ON_AIR_MS = 60_000;
const TITLE = 'Still frame test';

/** Requests for the moving preview: hls.js (and its worker), a playlist, a media segment. */
const isVideoRequest = (request: Request) =>
  /\/assets\/hls[.-]/.test(request.url()) || /\/hls\/[^?]+\.(m3u8|ts|m4s)(\?|$)/.test(request.url());

/** Opens home and records its video requests from the first one on. */
const openHome = async (context: BrowserContext) => {
  const page = await context.newPage();
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (isVideoRequest(request)) videoRequests.push(request.url());
  });
  await page.goto('/');
  const card = page.getByTestId('live-card').filter({ hasText: TITLE });
  await expect(card).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  return { page, card, videoRequests };
};

/** The card's still: loaded from the stream's poster.jpg, 640 px wide as the encoder sent it. */
const expectStill = async (page: Page, card: ReturnType<Page['getByTestId']>) => {
  const still = card.getByTestId('live-card-still');
  await expect(still).toHaveAttribute('src', /\/hls\/[0-9a-f]+\/poster\.jpg$/);
  await expect
    .poll(() => still.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBe(640);
  await expect(still).toBeVisible();
  return page;
};

test('a live card shows the still frame and loads no video until hovered, and never by itself on a phone', async ({
  browser,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');
  const creatorContext = await browser.newContext();
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const phone = await browser.newContext({
    viewport: { width: 360, height: 780 },
    hasTouch: true,
    isMobile: true,
  });
  const { userId } = await signedInUser('still', creatorContext);
  const creatorApi = creatorContext.request;
  const key = await createStreamKey(creatorApi, userId);
  await prepareSession(creatorApi, key.id, { title: TITLE });

  const encoder = broadcast(baseURL, key.key);
  try {
    // On air, with a still stored.
    await expect
      .poll(async () => (await creatorApi.get(`/hls/${key.playbackId}/poster.jpg`)).status(), {
        timeout: ON_AIR_MS,
      })
      .toBe(200);

    // Desktop: the still shows, and even once the page is loaded and idle no video request is made.
    const onDesktop = await openHome(desktop);
    await expectStill(onDesktop.page, onDesktop.card);
    await onDesktop.page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })),
    );
    expect(onDesktop.videoRequests).toEqual([]);
    await expect(onDesktop.card.getByTestId('live-card-preview')).toHaveCount(0);

    // Hovering the card starts the moving preview: hls.js, the playlist and a segment load.
    await onDesktop.card.hover();
    await expect(onDesktop.card.getByTestId('live-card-preview')).toHaveAttribute('data-state', 'ready', {
      timeout: 30_000,
    });
    expect(onDesktop.videoRequests.some((url) => /\/assets\/hls\.light-/.test(url))).toBe(true);
    expect(onDesktop.videoRequests.some((url) => /\.ts$/.test(url))).toBe(true);

    // A phone cannot hover: it keeps the still, and loads no video even once the page is idle.
    const onPhone = await openHome(phone);
    await expectStill(onPhone.page, onPhone.card);
    await onPhone.page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })),
    );
    await onPhone.page.waitForTimeout(2000);
    expect(onPhone.videoRequests).toEqual([]);
    await expect(onPhone.card.getByTestId('live-card-preview')).toHaveCount(0);
  } finally {
    await encoder.stop();
    await Promise.all([creatorContext, desktop, phone].map((context) => context.close()));
  }
});

import { expect, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { demo } from './api';
import { test } from './fixtures';

/* Issue 20.2: shorts and videos with sound. These run under desktop Chrome's autoplay rule (sound
   only after a gesture on the page; headless Chromium allows it without one, and the suite's
   flag says so too), as a visitor's browser does. */

const launchOptions = config.use?.launchOptions ?? {};
test.use({
  // The trace's page snapshots run in the page as gestures: they would let the browser allow sound.
  trace: 'off',
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []).filter((arg) => !arg.startsWith('--autoplay-policy')),
      '--autoplay-policy=document-user-activation-required',
    ],
  },
});

type Played = { testId: string | undefined; muted: boolean; gesture: boolean };

/**
 * Logs each start of play with whether it was muted and whether the page had a gesture by then.
 * Read from the console, so waiting for it runs nothing in the page: Playwright's own evaluate
 * calls (every locator check) count as a gesture and would let the browser allow sound.
 */
async function logPlays(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener(
      'playing',
      (event) => {
        if (!(event.target instanceof HTMLVideoElement)) return;
        const played = {
          testId: event.target.dataset.testid,
          muted: event.target.muted,
          gesture: navigator.userActivation.hasBeenActive,
        };
        console.log(`playing ${JSON.stringify(played)}`);
      },
      true,
    );
  });
}

const firstPlay = async (page: Page, testId: string): Promise<Played> => {
  const read = (text: string): Played | null =>
    text.startsWith('playing ') ? (JSON.parse(text.slice('playing '.length)) as Played) : null;
  const message = await page.waitForEvent('console', {
    predicate: (line) => read(line.text())?.testId === testId,
    timeout: 30_000,
  });
  return read(message.text()) as Played;
};

const short = (page: Page) => page.getByTestId('short-player');
const watchVideo = (page: Page) => page.getByTestId('video-player');
const soundButton = (page: Page, name: 'Mute' | 'Unmute') =>
  page.getByTestId('shorts-feed').getByRole('button', { name, exact: true });
const muted = (page: Page, testId: 'short-player' | 'video-player') =>
  page.getByTestId(testId).evaluate((video: HTMLVideoElement) => video.muted);
const paused = (page: Page, testId: 'short-player' | 'video-player') =>
  page.getByTestId(testId).evaluate((video: HTMLVideoElement) => video.paused);
const playing = (page: Page, testId: 'short-player' | 'video-player') =>
  page
    .getByTestId(testId)
    .evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0.2 && !video.ended);

async function firstShorts(page: Page) {
  const { items } = await demo(page.request).firstShortsPage();
  const [first, second] = items;
  if (!first || !second) throw new Error('the demo needs two shorts');
  return { first, second };
}

test('a short plays muted until the first tap in the feed, which brings its sound without pausing it', async ({
  page,
}) => {
  await logPlays(page);
  const played = firstPlay(page, 'short-player');
  await page.goto('/reels');
  // No gesture yet: the browser lets it play only muted, and the button says so.
  expect(await played).toEqual({ testId: 'short-player', muted: true, gesture: false });
  await expect(soundButton(page, 'Unmute')).toBeVisible();
  expect(await muted(page, 'short-player')).toBe(true);

  await short(page).click();
  await expect.poll(() => muted(page, 'short-player')).toBe(false);
  await expect(soundButton(page, 'Mute')).toBeVisible();
  // The tap that brought the sound did not also pause the short: it goes on playing. (Read at once,
  // the short may still be in its first 0.2 s on a fast machine, so the time is waited for.)
  expect(await paused(page, 'short-player')).toBe(false);
  await expect.poll(() => playing(page, 'short-player'), { timeout: 30_000 }).toBe(true);
});

test('the button and M mute and unmute, and the choice holds across the feed, a reload and the watch page', async ({
  page,
}) => {
  const { first, second } = await firstShorts(page);
  await logPlays(page);
  const played = firstPlay(page, 'short-player');
  await page.goto('/reels');
  expect((await played).muted).toBe(true);
  await expect(short(page)).toHaveAttribute('src', first.videoUrl);
  await expect(soundButton(page, 'Unmute')).toBeVisible();

  // The first gesture is a press of Unmute itself: it unmutes once, not twice.
  await soundButton(page, 'Unmute').click();
  await expect.poll(() => muted(page, 'short-player')).toBe(false);
  await page.keyboard.press('m');
  await expect.poll(() => muted(page, 'short-player')).toBe(true);
  await expect(soundButton(page, 'Unmute')).toBeVisible();
  await page.keyboard.press('M');
  await expect.poll(() => muted(page, 'short-player')).toBe(false);
  await soundButton(page, 'Mute').click();
  await expect.poll(() => muted(page, 'short-player')).toBe(true);

  // Muted holds for the next short,
  await page.keyboard.press('ArrowDown');
  await expect(short(page)).toHaveAttribute('src', second.videoUrl);
  await expect.poll(() => playing(page, 'short-player'), { timeout: 30_000 }).toBe(true);
  expect(await muted(page, 'short-player')).toBe(true);

  // after a reload, even past the first gesture (which unmutes only a sound the browser held back),
  await page.reload();
  await expect(soundButton(page, 'Unmute')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(short(page)).toHaveAttribute('src', second.videoUrl);
  await expect.poll(() => playing(page, 'short-player'), { timeout: 30_000 }).toBe(true);
  expect(await muted(page, 'short-player')).toBe(true);
  await expect(soundButton(page, 'Unmute')).toBeVisible();

  // and on a video opened by a click.
  await page.goto('/');
  await page.getByTestId('video-card').first().click();
  await expect.poll(() => playing(page, 'video-player'), { timeout: 30_000 }).toBe(true);
  expect(await muted(page, 'video-player')).toBe(true);
  await expect(page.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();

  // Unmuted in the player, sound is the choice again, back in the feed too.
  await page.getByRole('button', { name: 'Unmute', exact: true }).click();
  await expect.poll(() => muted(page, 'video-player')).toBe(false);
  await page.goBack();
  await page.getByTestId('short-card').first().click();
  await expect.poll(() => playing(page, 'short-player'), { timeout: 30_000 }).toBe(true);
  expect(await muted(page, 'short-player')).toBe(false);
  await expect(soundButton(page, 'Mute')).toBeVisible();
});

test('a video opened by a click starts with sound; opened without a gesture it plays muted and shows it', async ({
  page,
  request,
}) => {
  const video = await demo(request).latestVideo();

  await logPlays(page);
  const played = firstPlay(page, 'video-player');
  await page.goto(`/v/${video.id}`);
  expect(await played).toEqual({ testId: 'video-player', muted: true, gesture: false });
  await expect(page.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();

  await page.goto('/');
  await page.getByTestId('video-card').first().click();
  await expect(watchVideo(page)).toBeVisible();
  await expect.poll(() => playing(page, 'video-player'), { timeout: 30_000 }).toBe(true);
  expect(await muted(page, 'video-player')).toBe(false);
  await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
});

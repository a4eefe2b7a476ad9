import { expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { VideoSchema } from '../../schema/content';
import { demo } from './api';
import { test } from './fixtures';

const player = (page: Page) => page.getByTestId('short-player');

async function allShorts(page: Page) {
  const response = await page.request.get('/api/videos/shorts');
  return dataEnvelope(z.array(VideoSchema)).parse(await response.json()).data;
}

/** Sends a vertical swipe on the feed as touch events (start at `fromY`, end at `toY`). */
async function swipe(page: Page, fromY: number, toY: number) {
  await page
    .getByTestId('shorts-feed')
    .locator('.shorts-stage')
    .evaluate(
      (stage, [from, to]) => {
        const touch = (y: number) =>
          new Touch({ identifier: 1, target: stage, clientX: 180, clientY: y, pageX: 180, pageY: y });
        const fire = (type: string, y: number, list: 'touches' | 'changedTouches') =>
          stage.dispatchEvent(
            new TouchEvent(type, {
              bubbles: true,
              cancelable: true,
              touches: list === 'touches' ? [touch(y)] : [],
              changedTouches: [touch(y)],
            }),
          );
        fire('touchstart', from as number, 'touches');
        fire('touchmove', to as number, 'touches');
        fire('touchend', to as number, 'changedTouches');
      },
      [fromY, toY],
    );
}

test('keys, buttons and the wheel move through /reels and the title follows', async ({ page, request }) => {
  const { items } = await demo(request).firstShortsPage();
  const [first, second, third] = items;
  if (!first || !second || !third) throw new Error('the demo needs three shorts');

  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  await expect(page).toHaveTitle(`${first.title} | ${first.creator} - Reel`);

  await page.keyboard.press('ArrowDown');
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
  await expect(page).toHaveTitle(`${second.title} | ${second.creator} - Reel`);
  await page.keyboard.press('Space');
  await expect(player(page)).toHaveAttribute('src', third.videoUrl);
  await page.keyboard.press('ArrowUp');
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);

  // Two wheel turns inside the 300 ms lock move one short only; after the lock, the wheel moves again.
  const wheel = (times: number) =>
    page.locator('.shorts-stage').evaluate((stage, count) => {
      for (let i = 0; i < count; i += 1)
        stage.dispatchEvent(new WheelEvent('wheel', { deltaY: 120, bubbles: true, cancelable: true }));
    }, times);
  await wheel(2);
  await expect(player(page)).toHaveAttribute('src', third.videoUrl);
  await page.waitForTimeout(400);
  await expect(player(page)).toHaveAttribute('src', third.videoUrl);
  await page.waitForTimeout(400);
  await page
    .locator('.shorts-stage')
    .evaluate((stage) =>
      stage.dispatchEvent(new WheelEvent('wheel', { deltaY: -120, bubbles: true, cancelable: true })),
    );
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);

  // Enter toggles play and pause (on a focused button, Enter presses the button instead).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => player(page).evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
  await page.keyboard.press('Enter');
  await expect.poll(() => player(page).evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);

  // The next short is preloaded.
  await expect(page.locator('video[data-preload]').first()).toHaveAttribute('preload', 'auto');
});

test('on /s/ the URL follows the short and paging wraps at both ends', async ({ page }) => {
  const shorts = await allShorts(page);
  const first = shorts[0];
  const second = shorts[1];
  const last = shorts.at(-1);
  if (!first || !second || !last || shorts.length < 3) throw new Error('the demo needs three shorts');

  await page.goto('/');
  await page.goto(`/s/${first.id}`);
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(`/s/${second.id}`);
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
  await expect(page).toHaveTitle(`${second.title} | ${second.creator} - Reel`);

  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(`/s/${last.id}`);
  await expect(player(page)).toHaveAttribute('src', last.videoUrl);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(`/s/${first.id}`);

  // Moves replace the entry: Back leaves the feed instead of walking through it.
  await page.goBack();
  await expect(page).toHaveURL('/');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a swipe of more than 50 px moves through the feed, a shorter one does not', async ({
    page,
    request,
  }) => {
    const { items } = await demo(request).firstShortsPage();
    const [first, second] = items;
    if (!first || !second) throw new Error('the demo needs two shorts');

    await page.goto('/reels');
    await expect(player(page)).toHaveAttribute('src', first.videoUrl);
    const stage = await page.locator('.shorts-stage').boundingBox();
    expect(stage?.height ?? 0).toBeGreaterThan(500);

    await swipe(page, 600, 570);
    await page.waitForTimeout(200);
    await expect(player(page)).toHaveAttribute('src', first.videoUrl);
    await swipe(page, 600, 400);
    await expect(player(page)).toHaveAttribute('src', second.videoUrl);
    await swipe(page, 300, 500);
    await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  });
});

test('keyboard control is off while the comments panel is open', async ({ page, request }) => {
  const { items } = await demo(request).firstShortsPage();
  const [first, second] = items;
  if (!first || !second) throw new Error('the demo needs two shorts');

  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  await page.getByRole('button', { name: 'Comments' }).click();
  const panel = page.getByTestId('comment-panel');
  await expect(panel).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(200);
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);

  // An empty comment asks for one.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await panel.getByRole('button', { name: 'Post' }).click();
  expect(asked).toBe('Add a comment:');

  await panel.getByRole('button', { name: 'Close comments' }).click();
  await expect(panel).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
});

test('an unknown short says so', async ({ page }) => {
  await page.goto('/s/no-such-short');
  await expect(page.getByText('Video not found')).toBeVisible();
  await expect(page.getByText('No videos available', { exact: true })).toBeVisible();
});

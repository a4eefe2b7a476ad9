import { expect } from '@playwright/test';
import { demo } from './api';
import { test } from './fixtures';

test('a short plays from R2 media', async ({ page, request }) => {
  const short = await demo(request).seededShort();

  await page.goto(`/s/${short.id}`);
  const player = page.getByTestId('short-player');
  await expect(player).toHaveAttribute('src', short.videoUrl);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0.5), {
      timeout: 30_000,
    })
    .toBe(true);
  const size = await player.evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight]);
  expect(size).toEqual([short.width, short.height]);
});

test('hovering a short card on home plays it and leaving resets it', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('short-card').first();
  const video = card.locator('video');
  await card.hover();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0.2), { timeout: 10_000 })
    .toBe(true);
  await page.mouse.move(0, 0);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0))
    .toBe(true);
});

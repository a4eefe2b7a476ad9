import { expect } from '@playwright/test';
import { LIMITS } from '../../schema/constants';
import { demo } from './api';
import { test } from './fixtures';

test('home shows the seeded shorts, videos and top creators', async ({ page, request }) => {
  const [videos, shorts, creators] = await Promise.all([
    demo(request).latestVideos(),
    demo(request).firstShortsPage(),
    demo(request).topCreators(),
  ]);
  expect(videos.length).toBeGreaterThan(LIMITS.homeVideos);
  expect(shorts.items.length).toBeGreaterThan(LIMITS.homeShorts);

  await page.goto('/');
  await expect(page).toHaveTitle(/SocialFi/);

  const shortsSection = page.getByTestId('home-shorts');
  await expect(shortsSection.getByTestId('short-card')).toHaveCount(LIMITS.homeShorts);
  const moreShorts = shortsSection.getByRole('button', {
    name: `View more shorts (${shorts.items.length - LIMITS.homeShorts})`,
  });
  await expect(moreShorts).toBeVisible();

  const videosSection = page.getByTestId('home-videos');
  await expect(videosSection.getByTestId('video-card')).toHaveCount(LIMITS.homeVideos);
  await expect(videosSection.getByText(videos[0]?.title ?? '', { exact: true })).toBeVisible();
  await expect(
    videosSection.getByRole('button', { name: `View more videos (${videos.length - LIMITS.homeVideos})` }),
  ).toBeVisible();

  await expect(page.getByTestId('top-creators').getByText(creators[0]?.fullName ?? '')).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/output/home.png', fullPage: true });

  await moreShorts.click();
  await expect(shortsSection.getByTestId('short-card')).toHaveCount(shorts.items.length);
});

test('the navigation hides Livestream and Studio from visitors', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Reels' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Graden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Studio' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Livestream' })).toHaveCount(0);
});

test('a deep link reloads into the app, not a 404', async ({ page }) => {
  await page.goto('/graden');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Graden' })).toBeVisible();
});

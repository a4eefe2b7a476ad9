import { expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { LIMITS } from '../../schema/constants';
import { VideoSchema } from '../../schema/content';
import { uploadOverApi } from './api';
import { test } from './fixtures';
import { topBar, untilSignedIn } from './pages/top-bar';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

/* Issue 13 items 5 and 12: home reaches every video; the phone top bar, gift icons and menus. */

const PHONE = { width: 390, height: 844 };
/** Enough public videos that home's first answer (15) cannot hold them all. */
const WANTED_VIDEOS = 26;

/** Every public long video, newest first, as the API lists them (one page of the maximum size). */
async function allPublicVideos(page: Page) {
  const response = await page.request.get(`/api/videos?limit=${LIMITS.listMax}`);
  expect(response.ok()).toBe(true);
  return dataEnvelope(z.array(VideoSchema)).parse(await response.json()).data;
}

test('every public video is reachable from home by following View more videos', async ({
  page,
  signedInUser,
}) => {
  const { userId } = await signedInUser('pager');
  const before = await allPublicVideos(page);
  for (let n = before.length; n < WANTED_VIDEOS; n += 1) {
    await uploadOverApi(page.request, {
      userId,
      title: `Paging video ${n}`,
      description: 'A test pattern for home paging.',
    });
  }
  const videos = await allPublicVideos(page);
  expect(videos.length).toBeGreaterThanOrEqual(WANTED_VIDEOS);

  await page.goto('/');
  const section = page.getByTestId('home-videos');
  await expect(section.getByTestId('video-card')).toHaveCount(LIMITS.homeVideos);
  const more = section.getByRole('button', { name: /^View more videos \(\d+\)$/ });
  // Each press reveals what is loaded; the next page arrives behind it and the button comes back.
  for (let presses = 0; presses < videos.length; presses += 1) {
    const shown = await section.getByTestId('video-card').count();
    if (shown >= videos.length) break;
    await more.click({ timeout: 10_000 });
    await expect.poll(() => section.getByTestId('video-card').count()).toBeGreaterThan(shown);
  }
  const hrefs = await section
    .getByTestId('video-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('href')));
  expect(new Set(hrefs)).toEqual(new Set(videos.map((video) => `/v/${video.id}`)));
  // Nothing more to show: no button promises more.
  await expect(more).toHaveCount(0);
});

test('on a phone the opened search field takes the top bar and shows 20 characters', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search' });
  // On a phone the bar shows an icon in its place (issue 20).
  await page.getByRole('button', { name: 'Open search' }).click();
  await expect(search).toBeFocused();
  const box = await search.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width * 0.9);
  await expect(page.getByRole('link', { name: 'Reel home' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

  await search.pressSequentially('twenty characters ok');
  await expect(search).toHaveValue('twenty characters ok');
  const fits = await search.evaluate((input) => input.scrollWidth <= input.clientWidth);
  expect(fits).toBe(true);

  // Escape closes the field and gives the bar back (a first Escape may only close suggestions).
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(search).toBeHidden();
});

test('the tip dialog draws its gifts from image files, not emoji, and keeps them for offline', async ({
  page,
  context,
  signedInUser,
}) => {
  const { fullName } = await signedInUser('gifter');
  const [video] = await allPublicVideos(page);
  if (!video) throw new Error('the demo has no videos');
  await page.goto(`/v/${video.id}`);
  await untilSignedIn(page, fullName);
  // The button's own gift is drawn too, not an emoji.
  expect(await page.getByRole('button', { name: 'Tip Now' }).textContent()).not.toMatch(
    /\p{Extended_Pictographic}/u,
  );
  await page.getByRole('button', { name: 'Tip Now' }).click();
  const gifts = page.getByRole('dialog').getByRole('group', { name: 'Gifts' });
  const options = gifts.locator('label');
  await expect(options).toHaveCount(20);

  const icons = gifts.locator('label img');
  // An image that failed to load has no natural size.
  const everyIconLoaded = () =>
    icons.evaluateAll((images) =>
      images.every((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0),
    );
  await expect(icons).toHaveCount(20);
  await expect.poll(everyIconLoaded).toBe(true);
  const texts = await options.allTextContents();
  expect(texts.filter((text) => /\p{Extended_Pictographic}/u.test(text))).toEqual([]);

  // Seen once online, the pictures are on the device: offline the dialog still draws every gift.
  await untilControlled(page);
  await page.reload();
  await page.getByRole('button', { name: 'Tip Now' }).click();
  await expect(icons).toHaveCount(20);
  await expect
    .poll(() => page.evaluate(async () => (await caches.open('reel-gifts')).keys().then((k) => k.length)))
    .toBe(20);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Tip Now' }).click();
  await expect(icons).toHaveCount(20);
  await expect.poll(everyIconLoaded).toBe(true);
  await context.setOffline(false);
});

test('the account menu links to the user’s own live page', async ({ page, signedInUser }) => {
  const { username, fullName } = await signedInUser('streamer');
  await page.goto('/');
  await topBar(page).accountMenu(fullName).click();
  const live = page.getByRole('link', { name: 'My Live Page' });
  await expect(live).toHaveAttribute('href', `/live/${username}`);
  await live.click();
  await expect(page).toHaveURL(`/live/${username}`);
});

test('the Menu button opens with ArrowDown into its first item and arrows move through the links', async ({
  page,
}) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Reels' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('End');
  const last = nav.locator('a, button').last();
  await expect(last).toBeFocused();
  await page.keyboard.press('Home');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(button).toBeFocused();
});

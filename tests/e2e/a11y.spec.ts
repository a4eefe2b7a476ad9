import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { demo } from './api';
import { test } from './fixtures';
import { createStreamKey, prepareSession } from './live-api';
import { broadcast, livePage } from './pages/live';

// Real ffmpeg and ingest on two slow cores: the first segment can take a while (as in live.spec.ts).
const ON_AIR_MS = 60_000;

/*
 * Issue 13 item 14: axe finds no serious or critical violation on the pages people use most.
 * Each page is checked once it has drawn its data, since an empty skeleton hides most problems.
 */

/**
 * Runs axe on the page as it stands and records (softly, so every page is checked) each serious or
 * critical rule with its count and targets, one line a rule, so the failure reads as a list.
 */
async function expectNoSeriousViolations(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  expect.soft(serious, `${name} has serious or critical axe violations`).toEqual([]);
}

// One page a test: axe on a page with a playing video takes a while on two slow cores, and the two
// workers share the pages this way.
test('home has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main a[href^="/v/"]').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'home');
});

test('reels has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/reels');
  await expect(page.locator('video').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'reels');
});

test('a watch page has no serious or critical axe violations', async ({ page, request }) => {
  const video = await demo(request).latestVideo();
  await page.goto(`/v/${video.id}`);
  await expect(page.getByRole('heading', { name: video.title })).toBeVisible();
  await expect(page.getByTestId('related-video').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'watch');
});

test('a signed-in creator sees live (on air), wallet and studio with no serious or critical axe violations', async ({
  page,
  baseURL,
  signedInUser,
}) => {
  // A real ffmpeg push so the LIVE badges (live page and home's live card) are on screen.
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');
  const creator = await signedInUser('axe');
  const key = await createStreamKey(page.request, creator.userId);
  await prepareSession(page.request, key.id, { title: 'Accessibility night', start: false });

  const encoder = broadcast(baseURL, key.key, 120);
  try {
    const live = livePage(page);
    await live.open(creator.username);
    await expect(live.badge).toBeVisible({ timeout: ON_AIR_MS });
    await expectNoSeriousViolations(page, 'live');

    await page.goto('/');
    await expect(page.getByTestId('live-card').getByText('LIVE', { exact: true }).first()).toBeVisible({
      timeout: ON_AIR_MS,
    });
    await expectNoSeriousViolations(page, 'home with a live channel');
  } finally {
    await encoder.stop();
  }

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'wallet');

  await page.goto('/studio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'studio');
});

test('signed in, reels has no serious or critical axe violations', async ({ page, signedInUser }) => {
  await signedInUser('axe');
  await page.goto('/reels');
  await expect(page.locator('video').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'reels (signed in)');
});

test('signed in, a watch page and its tip dialog have no serious or critical axe violations', async ({
  page,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  await signedInUser('axe');
  await page.goto(`/v/${video.id}`);
  await expect(page.getByRole('heading', { name: video.title })).toBeVisible();
  await expectNoSeriousViolations(page, 'watch (signed in)');
  await page.getByRole('button', { name: 'Tip Now' }).click();
  await expect(page.getByRole('dialog', { name: /^Send a gift to @/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'tip dialog');
});

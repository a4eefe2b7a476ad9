import { expect } from '@playwright/test';
import { test } from './fixtures';
import { createStreamKey, prepareSession } from './live-api';
import { broadcast } from './pages/live';

// Real ffmpeg on two slow cores: the first segment can take a while.
const ON_AIR_MS = 60_000;

test('home says Starting soon before media, LIVE while it arrives, and drops the card within 15 s of a killed encoder', async ({
  browser,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');
  const [creatorContext, homeContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const { userId } = await signedInUser('honest', creatorContext);
  const creatorApi = creatorContext.request;
  // Prepare the way the studio does (create, then start): no encoder yet.
  const key = await createStreamKey(creatorApi, userId);
  await prepareSession(creatorApi, key.id, { title: 'Encoder crash test' });

  const home = await homeContext.newPage();
  await home.goto('/');
  const card = home.getByTestId('live-card').filter({ hasText: 'Encoder crash test' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toHaveAttribute('data-state', 'starting');
  await expect(card).toContainText('Starting soon');
  await expect(card.locator('.live-badge')).toHaveCount(0);

  const encoder = broadcast(baseURL, key.key);
  try {
    // Media arrives: the same open page turns the card LIVE without a reload.
    await expect(card).toHaveAttribute('data-state', 'live', { timeout: ON_AIR_MS });
    await expect(card.locator('.live-badge')).toHaveText('LIVE');

    // The encoder dies without a word (no ENDLIST): the card leaves home within 15 s.
    const killedAt = Date.now();
    encoder.kill();
    // The title's figure, so not the 30 s every other wait of this suite allows.
    await expect(card).toHaveCount(0, { timeout: 15_000 });
    console.log(`live card gone ${Date.now() - killedAt} ms after SIGKILL`);

    // And it stays gone after a reload: the server no longer lists it.
    await home.reload();
    await expect(home.getByTestId('short-card').first()).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await encoder.stop();
    await Promise.all([creatorContext.close(), homeContext.close()]);
  }
});

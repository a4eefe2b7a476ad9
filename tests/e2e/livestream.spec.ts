import { expect } from '@playwright/test';
import { LIVE_TEXT } from '../../schema/live';
import { MESSAGES } from '../../schema/messages';
import { test } from './fixtures';
import { studio } from './pages/live';

test('a visitor is asked to connect a wallet', async ({ page }) => {
  const visitor = studio(page);
  await visitor.open();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Livestream Studio');
  await expect(visitor.empty).toHaveAttribute('data-stage', 'connect-wallet');
  await expect(visitor.empty.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible();
  await expect(page.getByTestId('studio-wallet-banner')).toBeVisible();
  await expect(visitor.backend).toHaveText('Connected');
  await expect(visitor.status).toHaveText('OFFLINE');
  await expect(visitor.prepare).toHaveCount(0);
});

test('the studio creates one key, shows it masked, copies it, prepares and stops a stream', async ({
  page,
  context,
  signedInUser,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const creator = await signedInUser('studio');
  const creatorStudio = studio(page);
  await creatorStudio.open();
  await expect(creatorStudio.backend).toHaveText('Connected');
  await expect(creatorStudio.empty).toHaveAttribute('data-stage', 'create-key');
  await expect(creatorStudio.prepare).toHaveCount(0);

  // A name is required.
  await creatorStudio.keyName.fill('   ');
  await creatorStudio.createKey.click();
  await expect(page.getByRole('alert').filter({ hasText: LIVE_TEXT.keyNameRequired })).toBeVisible();

  // One key: after creating it the button reads 'Key Exists' and is disabled.
  await creatorStudio.createStreamKey('Studio key');
  const own = await creatorStudio.ownKey(creator.userId);
  await expect(creatorStudio.maskedKey).toHaveText(`${own.key.slice(0, 12)}…${own.key.slice(-4)}`);
  await expect(page.getByText(own.key, { exact: true })).toHaveCount(0);
  await expect(creatorStudio.status).toHaveText('READY');
  await expect(creatorStudio.empty).toHaveAttribute('data-stage', 'no-live-stream');

  // The key survives a reload: it is the server's, not the page's.
  await page.reload();
  await expect(creatorStudio.keyExists).toBeDisabled();
  await expect(creatorStudio.maskedKey).toHaveText(`${own.key.slice(0, 12)}…${own.key.slice(-4)}`);

  // Copy: a toast, then 'Copied!' for 1.5 s, and the clipboard holds the whole key.
  await creatorStudio.copyKey.click();
  await expect(creatorStudio.toast(MESSAGES.wallet.copiedClipboard)).toBeVisible();
  await expect(creatorStudio.copyKey).toHaveText(MESSAGES.wallet.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(own.key);
  await expect(creatorStudio.copyKey).toHaveText('Copy', { timeout: 5000 });

  // The configuration dialog: ingest address, masked key, the recommended settings, the ffmpeg line.
  await page.getByRole('button', { name: 'Configuration' }).click();
  const config = page.getByTestId('config-dialog');
  await expect(config.getByTestId('ingest-server')).toHaveText(new URL('/ingest', page.url()).href);
  await expect(config.getByTestId('encoder-settings')).toContainText('x264');
  await expect(config.getByTestId('encoder-settings')).toContainText('6000 kbps');
  await expect(config.getByTestId('ffmpeg-command')).toContainText('-method PUT');
  await expect(config.getByTestId('ffmpeg-command')).not.toContainText(own.key);
  // Issue 20: a second command for a source without sound, and both send the card's still frame.
  await expect(config.getByTestId('ffmpeg-command-video-only')).not.toContainText('0:a');
  await expect(config.getByTestId('ffmpeg-command-video-only')).toContainText('/poster.jpg');
  const download = page.waitForEvent('download');
  await config.getByRole('button', { name: 'OBS', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('basic.ini');
  await page.keyboard.press('Escape');

  // Prepare, then Prepare again finds the session already there.
  await creatorStudio.prepareStream('Studio test', 'Testing the studio');
  await expect(creatorStudio.empty).toHaveAttribute('data-stage', 'stream-ready');
  await expect(creatorStudio.stop).toBeVisible();
  await creatorStudio.prepareStream('Again', 'Twice', MESSAGES.studio.alreadyLive);

  // The started session is advertised on home, honestly: no media yet, so 'Starting soon' and no
  // preview to fail on, never LIVE (issue 13.6).
  const home = await (await page.context().browser()?.newContext())?.newPage();
  if (!home) throw new Error('no second context');
  await home.goto('/');
  const card = home.getByTestId('live-card').filter({ hasText: 'Studio test' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toHaveAttribute('data-state', 'starting');
  await expect(card.getByText('Starting soon')).toBeVisible();
  await expect(card.getByText('LIVE', { exact: true })).toHaveCount(0);

  await creatorStudio.stop.click();
  await expect(creatorStudio.toast(MESSAGES.studio.stopped)).toBeVisible();
  await expect(creatorStudio.stop).toHaveCount(0);
  await expect(creatorStudio.empty).toHaveAttribute('data-stage', 'no-live-stream');
  await home.reload();
  await expect(home.getByTestId('live-card').filter({ hasText: 'Studio test' })).toHaveCount(0);
  await home.context().close();
});

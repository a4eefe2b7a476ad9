import { expect } from '@playwright/test';
import { dataEnvelope } from '../../schema/api';
import { StreamKeySchema } from '../../schema/live-session';
import { REPORT_TEXT } from '../../schema/reports';
import { demo } from './api';
import { test } from './fixtures';
import { untilSignedIn } from './pages/top-bar';

/**
 * Reports to the platform (issue 24 §1), at phone size with touch: a viewer reports a video from
 * the watch page and a chat message from its actions; a visitor is asked to sign in first.
 * tests/worker/reports.test.ts proves what the server keeps.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a viewer reports a video with a reason, and a visitor is asked to sign in', async ({
  page,
  browser,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/v/${video.id}`);
  // Known to be signed out (before that, the dialog opens and the server has the last word).
  await expect(visitor.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Report video' }).click();
  await expect(visitor.getByText('Please log in to use this feature')).toBeVisible();
  await expect(visitor.getByRole('dialog', { name: 'Report video' })).toHaveCount(0);

  const reporter = await signedInUser('reporter');
  await page.goto(`/v/${video.id}`);
  await untilSignedIn(page, reporter.fullName);
  await page.getByRole('button', { name: 'Report video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report video' });
  const send = dialog.getByRole('button', { name: 'Send report' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Spam or scam').check();
  await send.click();
  await expect(page.getByText(REPORT_TEXT.sent)).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("a viewer reports someone's chat message from its actions", async ({ browser, signedInUser }) => {
  const hostContext = await browser.newContext();
  const host = await signedInUser('host', hostContext);
  const key = await hostContext.request.post('/api/stream-keys', {
    data: { name: 'Reported', userId: host.userId },
  });
  dataEnvelope(StreamKeySchema).parse(await key.json());

  const speakerContext = await browser.newContext();
  const speaker = await signedInUser('loud', speakerContext);
  const speakerPage = await speakerContext.newPage();
  const readerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await signedInUser('reader', readerContext);
  const reader = await readerContext.newPage();
  for (const page of [speakerPage, reader]) {
    await page.goto(`/live/${host.username}`);
    await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-state', 'open');
  }
  const input = speakerPage.getByTestId('chat-input');
  await input.fill('follow me for free coins');
  await expect(speakerPage.getByRole('button', { name: 'Send' })).toBeEnabled();
  await input.press('Enter');

  const line = reader.getByTestId('chat-message').filter({ hasText: 'follow me for free coins' });
  await line.getByRole('button', { name: `Actions for ${speaker.username}'s message` }).tap();
  // A viewer gets Report only: no moderation.
  await expect(line.getByRole('button', { name: 'Ban' })).toHaveCount(0);
  await line.getByRole('button', { name: 'Report message' }).tap();
  const dialog = reader.getByRole('dialog', { name: 'Report message' });
  await dialog.getByLabel('Spam or scam').check();
  await dialog.getByRole('button', { name: 'Send report' }).tap();
  await expect(reader.getByText(REPORT_TEXT.sent)).toBeVisible();
});

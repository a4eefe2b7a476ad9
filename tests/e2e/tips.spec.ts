import { expect } from '@playwright/test';
import { demo } from './api';
import { test } from './fixtures';
import { livePage, studio } from './pages/live';
import { holdSessionAnswer, untilSignedIn } from './pages/top-bar';
import { walletPage } from './pages/wallet';

test('a visitor who presses Tip Now is asked to log in', async ({ page, request }) => {
  const video = await demo(request).latestVideo();
  await page.goto(`/v/${video.id}`);
  await page.getByRole('button', { name: 'Tip Now' }).click();
  await expect(page.getByTestId('toast')).toContainText('Please log in to use this feature');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Tip Now pressed before the page knows who is signed in opens the gift picker, not a login prompt', async ({
  page,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  await signedInUser('earlyfan');
  // The page asks who is signed in as it starts; the answer is held until the button is pressed.
  const answer = await holdSessionAnswer(page);
  await page.goto(`/v/${video.id}`);
  await page.getByRole('button', { name: 'Tip Now' }).click();
  answer();
  await expect(page.getByRole('dialog', { name: `Send a gift to @${video.creator}` })).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test('a fan sends a gift on a video: the balance drops by its price and the toast says so', async ({
  page,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  await signedInUser('fan');
  const wallet = walletPage(page);
  await wallet.buy200Reel();

  await page.goto(`/v/${video.id}`);
  await page.getByRole('button', { name: 'Tip Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Send a gift to @${video.creator}` });
  await expect(dialog.getByTestId('tip-balance')).toHaveText('200 $REEL');
  const gifts = dialog.getByRole('group', { name: 'Gifts' }).getByRole('radio');
  await expect(gifts).toHaveCount(20);

  // More than the balance: marked in the grid; chosen, it says so and offers Top up, and cannot be sent.
  await expect(dialog.getByRole('radio', { name: 'Car, 1000 coins, more than your balance' })).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: 'more than your balance' })).toHaveCount(7);
  await dialog.getByRole('radio', { name: 'Car, 1000 coins' }).check();
  await expect(dialog.getByTestId('tip-short')).toHaveText(
    'Insufficient balance. Please add more $REEL coins to your wallet. Top up',
  );
  const topUp = dialog.getByTestId('tip-short').getByRole('link', { name: 'Top up' });
  await expect(topUp).toHaveAttribute('href', '/wallet');
  // A link to tap on a phone: finger-tall (it was a line of text).
  expect((await topUp.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await expect(dialog.getByRole('button', { name: 'Send Car for 1000 coins' })).toBeDisabled();

  // The keyboard moves through the gifts as through any radio group.
  await dialog.getByRole('radio', { name: 'Car, 1000 coins' }).press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: 'Bouquet, 100 coins' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Heart, 100 coins' }).check();
  await dialog.getByLabel('Message (optional)').fill('Great video!');
  await dialog.getByRole('button', { name: 'Send Heart for 100 coins' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('toast').locator('.toast-message')).toHaveText(
    'Successfully sent Heart gift for 100 coins!',
  );

  await wallet.open();
  await expect(wallet.balance).toHaveText('100 $REEL');
  // The creator's received tips list it, with its message.
  const tips = await page.request.get(`/api/tips/video/${video.id}`);
  const body = (await tips.json()) as { data: { amount: number; message: string }[] };
  expect(body.data.some((tip) => tip.amount === 100 && tip.message === 'Great video!')).toBe(true);
});

test('Tip Now is on the shorts rail for another creator', async ({ page, signedInUser }) => {
  const { fullName } = await signedInUser('shortfan');
  await page.goto('/reels');
  await untilSignedIn(page, fullName);
  const rail = page.getByTestId('short-player').first();
  await expect(rail).toBeVisible();
  await page.getByRole('button', { name: 'Tip Now' }).first().click();
  await expect(page.getByRole('dialog', { name: /^Send a gift to @/ })).toBeVisible();
});

test('a gift on a live stream shows in the chat of everyone watching', async ({ browser, signedInUser }) => {
  test.setTimeout(90_000);
  const creatorContext = await browser.newContext();
  const creator = await signedInUser('tipped', creatorContext);
  const creatorPage = await creatorContext.newPage();
  const creatorStudio = studio(creatorPage);
  await creatorStudio.open();
  await creatorStudio.createStreamKey('Main stream');
  await creatorStudio.prepareStream('Gift night', 'Send hearts');

  // A visitor in another browser context watches the chat.
  const watcherPage = await (await browser.newContext()).newPage();
  const watcher = livePage(watcherPage);
  await watcher.open(creator.username);
  await expect(watcher.chat).toHaveAttribute('data-state', 'open');

  const fanContext = await browser.newContext();
  const fan = await signedInUser('livefan', fanContext);
  const fanPage = await fanContext.newPage();
  await walletPage(fanPage).buy200Reel();
  await livePage(fanPage).open(creator.username);
  await fanPage.getByRole('button', { name: 'Tip Now' }).click();
  const dialog = fanPage.getByRole('dialog', { name: `Send a gift to @${creator.username}` });
  await dialog.getByRole('radio', { name: 'Donut, 30 coins' }).check();
  await dialog.getByLabel('Message (optional)').fill('keep going');
  await dialog.getByRole('button', { name: 'Send Donut for 30 coins' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(fanPage.getByTestId('toast').locator('.toast-message')).toHaveText(
    'Successfully sent Donut gift for 30 coins!',
  );

  // The worker, not the tipper's page, announces it: '{tipper} sent {icon} {gift} : {message}'.
  const line = watcherPage.getByTestId('chat-message').filter({ hasText: 'sent 🍩 Donut : keep going' });
  await expect(line).toBeVisible({ timeout: 30_000 });
  await expect(line).toContainText(fan.username);

  const wallet = walletPage(fanPage);
  await wallet.open();
  await expect(wallet.balance).toHaveText('170 $REEL');
});

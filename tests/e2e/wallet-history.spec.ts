import { expect, type Page } from '@playwright/test';
import { nullable } from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { SessionInfoSchema } from '../../schema/auth';
import { type SignedInUser, test } from './fixtures';
import { stockAvatar } from './pages/accounts';
import { walletPage } from './pages/wallet';

/** A confirmed tip through the API, as the tip flow's steps 1 and 4 send it. */
async function tipThroughApi(
  page: Page,
  from: SignedInUser,
  to: SignedInUser,
  amount: number,
  giftName: string,
) {
  const created = await page.request.post('/api/tips', {
    data: { tipperId: from.userId, receiverId: to.userId, amount, tipType: 'general', giftName },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: string } };
  expect((await page.request.post(`/api/tips/${data.id}/confirm`)).status()).toBe(200);
}

test('the history lists a tip sent and a tip received with the gift and the other person', async ({
  browser,
  signedInUser,
}) => {
  test.setTimeout(90_000);
  const [fanContext, creatorContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const fan = await signedInUser('histfan', fanContext);
  const creator = await signedInUser('histmaker', creatorContext);
  const [fanPage, creatorPage] = await Promise.all([fanContext.newPage(), creatorContext.newPage()]);
  await walletPage(fanPage).buy200Reel();
  await walletPage(creatorPage).buy200Reel();

  await tipThroughApi(fanPage, fan, creator, 100, 'Heart');
  await tipThroughApi(creatorPage, creator, fan, 30, 'Donut');

  const wallet = walletPage(fanPage);
  await wallet.open();
  await expect(wallet.balance).toHaveText('130 $REEL');
  await wallet.openHistory();
  // Newest first, merged with the top-up; each line says which way, what, and with whom.
  await expect(wallet.historyRows).toHaveCount(3);
  const [received, sent, deposit] = [0, 1, 2].map((index) => wallet.historyRows.nth(index));
  await expect(received).toHaveAttribute('data-kind', 'tip_received');
  await expect(received).toContainText('Tip received');
  await expect(received).toContainText(`Donut from @${creator.username}`);
  await expect(received).toContainText('+30 $REEL');
  await expect(sent).toHaveAttribute('data-kind', 'tip_sent');
  await expect(sent).toContainText(`Heart to @${creator.username}`);
  await expect(sent).toContainText('−100 $REEL');
  await expect(deposit).toHaveAttribute('data-type', 'deposit');
  await expect(deposit).toContainText('+200 $REEL');
  await wallet.closeDialog(wallet.history);

  // The creator sees the same two tips from the other side.
  const creatorWallet = walletPage(creatorPage);
  await creatorWallet.open();
  await creatorWallet.openHistory();
  await expect(creatorWallet.historyRows.nth(0)).toContainText(`Donut to @${fan.username}`);
  await expect(creatorWallet.historyRows.nth(1)).toContainText(`Heart from @${fan.username}`);
});

/** Starts a keyless sign-in from /callback's dev entry point and lands back home signed in. */
async function signInKeyless(page: Page) {
  await page.goto('/callback?start=keyless', { waitUntil: 'commit' });
  await page.waitForURL(/\/dev-oidc\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Reel dev sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(`keyless_${Date.now().toString(36)}@example.com`);
  await page.getByRole('button', { name: 'Continue as Demo Person' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const me = await page.request.get('/api/auth/me');
  const session = dataEnvelope(nullable(SessionInfoSchema)).parse(await me.json()).data;
  if (!session) throw new Error('The keyless sign-in did not sign in');
  const username = `keyless_${Date.now().toString(36)}`;
  const created = await page.request.post('/api/users', {
    data: {
      username,
      fullName: 'Keyless tester',
      email: `${username}@example.com`,
      description: 'A keyless user made by a browser test.',
      avatar: await stockAvatar(page.request),
      aptosAddress: session.address,
    },
  });
  expect(created.status()).toBe(201);
}

test('a keyless account is told what it can do and how to top up, with a way to connect a wallet', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInKeyless(page);
  const wallet = walletPage(page);
  await wallet.open();
  await expect(wallet.connectedVia).toHaveText('Google Account');

  const note = page.getByTestId('top-up-keyless');
  await expect(note).toContainText('receive tips');
  await expect(note).toContainText('withdraw');
  await expect(note).toContainText('connect a wallet');
  // The packages are still there, as the spec lists them.
  await expect(wallet.packages).toHaveCount(8);

  // Paying still fails the spec's way, and the failure says why and what to do.
  await page.getByRole('button', { name: 'Pay 0.5 APT', exact: true }).click();
  await expect(wallet.payment).toHaveAccessibleName('Deposit Failed', { timeout: 30_000 });
  await expect(wallet.paymentError).toHaveText('Insufficient APT balance.');
  await expect(wallet.payment.getByTestId('top-up-keyless')).toContainText('connect a wallet');
  await wallet.payment.getByRole('button', { name: 'Close' }).click();

  // The note's button starts a wallet connection: the sign-in dialog, then the wallets found.
  await note.getByRole('button', { name: 'Connect Wallet' }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await signIn.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(signIn.getByRole('button', { name: 'Reel Dev Wallet' })).toBeVisible();
});

test('a wallet account sees no keyless note', async ({ page, signedInUser }) => {
  await signedInUser('walletnote');
  const wallet = walletPage(page);
  await wallet.open();
  await expect(wallet.packages).toHaveCount(8);
  await expect(page.getByTestId('top-up-keyless')).toHaveCount(0);
});

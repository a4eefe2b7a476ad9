import { expect } from '@playwright/test';
import { test } from './fixtures';
import { walletPage } from './pages/wallet';

test('a new dev-wallet user buys the 200 REEL package and sees the balance and the history', async ({
  page,
  signedInUser,
}) => {
  const { username, address } = await signedInUser('buyer');
  const wallet = walletPage(page);
  await wallet.open();

  await expect(page.getByText(`@${username}`)).toBeVisible();
  await expect(wallet.balance).toHaveText('0 $REEL');
  await expect(wallet.connectedVia).toHaveText('Connected via Reel Dev Wallet');
  await expect(wallet.devHint).toHaveText('Dev wallet: funded by the local faucet');
  await expect(wallet.address).toHaveText(`${address.slice(0, 7)}…${address.slice(-7)}`);
  await expect(wallet.packages).toHaveCount(8);
  await expect(wallet.packages.first()).toHaveAttribute('data-selected', 'true');
  await expect(wallet.packages.first()).toContainText('200 $REEL');
  await expect(wallet.packages.first()).toContainText('0.5 APT ≈ $2.25');

  await wallet.openHistory();
  await expect(wallet.history.getByTestId('history-empty')).toHaveText('No transactions yet');
  await wallet.closeDialog(wallet.history);

  await wallet.buy(0.5);
  await expect(wallet.payment).toHaveAccessibleName('Deposit Successful');
  await expect(wallet.paymentHash).toHaveText(/^0x[0-9a-f]{64}$/);
  const hash = await wallet.paymentHash.textContent();
  // The local chain's own record of the payment, where the explorer link would be on devnet.
  await expect(wallet.payment.getByRole('link', { name: 'View on the local chain' })).toHaveAttribute(
    'href',
    `/localnet/v1/transactions/by_hash/${hash}`,
  );
  await wallet.payment.getByRole('button', { name: 'Done' }).click();
  await expect(wallet.payment).toBeHidden();
  await expect(wallet.balance).toHaveText('200 $REEL');

  await wallet.openHistory();
  await expect(wallet.historyRows).toHaveCount(1);
  await expect(wallet.historyRows.first()).toHaveAttribute('data-type', 'deposit');
  await expect(wallet.historyRows.first()).toContainText('+200 $REEL');
  await wallet.closeDialog(wallet.history);

  // Credited once, on the server's reading of the chain: still 200 after a reload.
  await page.reload();
  await expect(wallet.balance).toHaveText('200 $REEL');
});

test('copying the address confirms for 1.5 s', async ({ page, context, signedInUser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { address } = await signedInUser('copier');
  const wallet = walletPage(page);
  await wallet.open();
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByText('Copied to clipboard')).toBeHidden({ timeout: 3000 });
});

test('withdraw refuses bad amounts, then sends REEL back and lists the withdrawal', async ({
  page,
  signedInUser,
}) => {
  await signedInUser('withdrawer');
  const wallet = walletPage(page);
  await wallet.open();
  await wallet.buy(0.5);
  await wallet.payment.getByRole('button', { name: 'Done' }).click();
  await expect(wallet.balance).toHaveText('200 $REEL');

  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(wallet.withdrawConfirm).toBeDisabled();
  // Letters and signs cannot be typed at all.
  await wallet.withdrawAmount.pressSequentially('-a1');
  await expect(wallet.withdrawAmount).toHaveValue('1');
  await wallet.withdrawAmount.fill('0');
  await expect(wallet.withdrawDialog.getByRole('alert')).toHaveText('Please enter a valid amount');
  await expect(wallet.withdrawConfirm).toBeDisabled();
  await wallet.withdrawAmount.fill('200.5');
  await expect(wallet.withdrawDialog.getByRole('alert')).toHaveText('Amount exceeds available balance');
  await expect(wallet.withdrawConfirm).toBeDisabled();

  await wallet.withdrawAmount.fill('50.5');
  await expect(wallet.withdrawDialog.getByRole('alert')).toHaveCount(0);
  await wallet.withdrawConfirm.click();
  await expect(wallet.payment).toHaveAccessibleName('Withdrawal Successful', { timeout: 30_000 });
  await expect(wallet.withdrawDialog).toBeHidden();
  await wallet.payment.getByRole('button', { name: 'Done' }).click();
  await expect(wallet.balance).toHaveText('149.5 $REEL');

  await wallet.openHistory();
  await expect(wallet.historyRows).toHaveCount(2);
  await expect(wallet.historyRows.first()).toHaveAttribute('data-type', 'withdraw');
  await expect(wallet.historyRows.first()).toContainText('−50.5 $REEL');
});

test('a visitor is asked to connect a wallet', async ({ page }) => {
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-connect')).toHaveText('Please connect your wallet');
});

test('a package the wallet cannot afford fails with the spec message and credits nothing', async ({
  page,
  signedInUser,
}) => {
  const { username } = await signedInUser('spender');
  const wallet = walletPage(page);
  await wallet.open();
  // The faucet gave 20 APT: the 11.5 APT package fits once, not twice.
  const apt = page.getByTestId('wallet-apt-balance');
  await expect(apt).toHaveText('In your wallet: 20 APT');
  await expect(page.getByTestId('top-up-short')).toHaveCount(0);
  await wallet.buy(11.5);
  await wallet.payment.getByRole('button', { name: 'Done' }).click();
  await expect(wallet.balance).toHaveText('5,000 $REEL');
  // Read again after the payment (less the gas): the 11.5 APT package is now marked.
  await expect(apt).toHaveText(/^In your wallet: 8\.(5|49\d*) APT$/);
  const marked = page.getByTestId('top-up-package').filter({ has: page.getByTestId('top-up-short') });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('11.5 APT');
  // On a 360 px phone the name stays in its card (it ran out of it), Copy takes a finger, and the
  // marked package and the APT line fit.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const text of [page.getByText(`@${username}`, { exact: true }), marked, apt]) {
    expect(await text.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  }
  expect(
    (await page.getByRole('button', { name: 'Copy address' }).boundingBox())?.height,
  ).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width: 1280, height: 720 });

  await wallet.buy(11.5);
  await expect(wallet.payment).toHaveAccessibleName('Deposit Failed');
  await expect(wallet.payment.getByTestId('payment-message')).toHaveText('Payment failed. Please try again.');
  await expect(wallet.paymentError).toHaveText('Insufficient APT balance.');
  await wallet.closeDialog(wallet.payment);
  await expect(wallet.balance).toHaveText('5,000 $REEL');
});

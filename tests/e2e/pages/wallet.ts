import { expect, type Page } from '@playwright/test';

/* Page objects for /wallet: the balance, the top-up grid, the payment status modal, withdraw, history. */

/** The wallet page as the signed-in user sees it. */
export const walletPage = (page: Page) => {
  const payment = page.getByRole('dialog', {
    name: /^(Deposit|Withdrawal) (Processing|Pending|Successful|Failed)$/,
  });
  const withdrawDialog = page.getByRole('dialog', { name: 'Withdraw $REEL' });
  const history = page.getByRole('dialog', { name: 'Transaction History' });
  return {
    balance: page.getByTestId('wallet-balance'),
    address: page.getByTestId('wallet-address'),
    connectedVia: page.getByTestId('wallet-connected-via'),
    devHint: page.getByTestId('wallet-dev-hint'),
    packages: page.getByTestId('top-up-package'),
    payment,
    paymentHash: payment.getByTestId('payment-hash'),
    paymentError: payment.getByTestId('payment-error'),
    withdrawDialog,
    withdrawAmount: withdrawDialog.getByLabel('Amount'),
    withdrawConfirm: withdrawDialog.getByRole('button', { name: 'Confirm Withdrawal' }),
    history,
    historyRows: history.getByTestId('history-row'),

    async open() {
      await page.goto('/wallet');
      await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
    },
    /** Pays for a package with the signed-in wallet and waits for the payment modal to settle. */
    async buy(apt: number) {
      await page.getByRole('button', { name: `Pay ${apt} APT`, exact: true }).click();
      await expect(payment).toHaveAccessibleName(/Successful|Failed/, { timeout: 30_000 });
    },
    /** Buys the smallest package (200 REEL for 0.5 APT) from /wallet, as a fan does before a tip. */
    async buy200Reel() {
      await this.open();
      await this.buy(0.5);
      await payment.getByRole('button', { name: 'Done' }).click();
      await expect(this.balance).toHaveText('200 $REEL');
    },
    async openHistory() {
      await page.getByRole('button', { name: 'Transaction History' }).click();
      await expect(history).toBeVisible();
    },
    async closeDialog(dialog: ReturnType<Page['getByRole']>) {
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    },
  };
};

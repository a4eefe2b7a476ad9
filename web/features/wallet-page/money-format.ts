/** Pure helpers of the wallet page (accounts §2, §5, §9). Tested in tests/unit/web/money-format.test.ts. */
import { COIN_UNIT, USD_PER_APT } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import type { PaymentStatus } from '../../../schema/money';

const ADDRESS_END = 7;

/** An address as the wallet page shows it: the first 7 and last 7 characters (`0x12345…89abcde`). */
export function shortAddress(address: string): string {
  return address.length <= ADDRESS_END * 2 + 1
    ? address
    : `${address.slice(0, ADDRESS_END)}…${address.slice(-ADDRESS_END)}`;
}

/** A REEL (or APT) amount for display: up to 8 decimals, trailing zeros dropped, thousands grouped. */
export function formatCoins(amount: number): string {
  return amount.toLocaleString('en-US', { maximumFractionDigits: 8 });
}

/** The dollar estimate next to an APT price (4.49 dollars per APT): `$2.25`. */
/** APT with up to 4 decimals, as a wallet shows it: 12.5, 0.0001. */
export function formatApt(apt: number): string {
  return apt.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

export function usdEstimate(apt: number): string {
  return `$${(apt * USD_PER_APT).toFixed(2)}`;
}

/** Only digits with an optional decimal point (accounts §5): what the amount field accepts as typed. */
export const AMOUNT_PATTERN = /^\d*\.?\d*$/;

export type AmountCheck = {
  /** The amount to withdraw, or null while the field does not hold a valid one. */
  amount: number | null;
  /** The inline error to show, if any (none for an empty field). */
  error: string | null;
};

/**
 * The withdraw amount rules (accounts §5): a number above 0 with at most 8 decimals ('Please
 * enter a valid amount'), not above the balance ('Amount exceeds available balance').
 * Compared in 1e-8 base units so 0.1 + 0.2 style rounding cannot let an overdraft through.
 */
export function checkWithdrawAmount(text: string, balance: number): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { amount: null, error: null };
  const decimals = trimmed.split('.')[1] ?? '';
  const amount = Number(trimmed);
  if (!AMOUNT_PATTERN.test(trimmed) || !Number.isFinite(amount) || amount <= 0 || decimals.length > 8) {
    return { amount: null, error: MESSAGES.withdraw.invalidAmount };
  }
  if (Math.round(amount * COIN_UNIT) > Math.round(balance * COIN_UNIT)) {
    return { amount: null, error: MESSAGES.withdraw.exceeds };
  }
  return { amount, error: null };
}

export type PaymentKind = 'deposit' | 'withdrawal';

const STATUS_WORD: Record<PaymentStatus['status'], string> = {
  processing: 'Processing',
  pending: 'Pending',
  success: 'Successful',
  failed: 'Failed',
};

/** The payment status dialog's title: 'Deposit' or 'Withdrawal' and the status word. */
export function paymentTitle(kind: PaymentKind, status: PaymentStatus['status']): string {
  return `${kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${STATUS_WORD[status]}`;
}

/** While processing or pending the dialog cannot be dismissed ('Please Wait'). */
export function isPaymentBusy(status: PaymentStatus['status']): boolean {
  return status === 'processing' || status === 'pending';
}

/** The payment dialog's one button: 'Please Wait' (disabled), 'Done' or 'Close'. */
export function paymentButtonLabel(status: PaymentStatus['status']): string {
  if (isPaymentBusy(status)) return 'Please Wait';
  return status === 'success' ? 'Done' : 'Close';
}

/**
 * Where a transaction hash can be looked at. On Aptos networks: the Aptos explorer (the spec's
 * devnet link). The explorer cannot see our local chain, so there it links to the local node's
 * own answer for the hash (`/localnet/v1/transactions/by_hash/<hash>`).
 */
export function transactionLink(chain: { network: string; nodeUrl: string }, hash: string): string {
  if (chain.network === 'local') return `${chain.nodeUrl.replace(/\/$/, '')}/transactions/by_hash/${hash}`;
  return `https://explorer.aptoslabs.com/txn/${hash}?network=${chain.network}`;
}

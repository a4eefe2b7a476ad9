import type { TopUpPackage } from '../../schema/catalogue';
import { packageByPriceOctas } from '../../schema/catalogue';
import { canonicalAddress } from '../../schema/chain';
import { COIN_UNIT } from '../../schema/constants';

/**
 * Why a deposit hash credits nothing: the status and message the caller gets. `rejectedOctas` is set
 * when the caller did pay the platform, but an amount that buys no package: that APT arrived, so the
 * deposit is kept as 'rejected' with the message as its reason, for an operator to refund.
 */
export type DepositRefusal = { status: 400 | 403 | 404; message: string; rejectedOctas?: number };

export type DepositVerdict =
  | { ok: true; pack: TopUpPackage; priceOctas: number }
  | ({ ok: false } & DepositRefusal);

/** What the rules read of a chain transfer (the chain port's `ChainTransfer` has it). */
export type DepositTransfer = {
  success: boolean;
  sender: string;
  receiver: string | null;
  asset: 'apt' | 'reel' | null;
  amount: number;
};

/** Both are valid addresses of the same account, however each is spelled. */
const sameAddress = (a: string | null, b: string) => {
  const canonical = a === null ? null : canonicalAddress(a);
  return canonical !== null && canonical === canonicalAddress(b);
};

const refuse = (status: DepositRefusal['status'], message: string): DepositVerdict => ({
  ok: false,
  status,
  message,
});

/**
 * Whether a chain transfer pays for a top-up (DESIGN.md §5): known to the chain, successful, APT
 * sent by the caller's own address to the platform address, for exactly one package's price.
 * Pure, so every rule is tested without a chain; "never credited before" is the ledger's UNIQUE.
 */
export const judgeDepositTransfer = (
  transfer: DepositTransfer | null,
  expected: { sender: string; platformAddress: string },
): DepositVerdict => {
  if (!transfer) {
    return refuse(
      404,
      'The chain does not know this transaction (yet): if you just sent it, try again shortly',
    );
  }
  if (!transfer.success) return refuse(400, 'This transaction failed on chain: nothing was paid');
  if (transfer.asset !== 'apt') return refuse(400, 'This transaction is not an APT transfer');
  if (!sameAddress(transfer.receiver, expected.platformAddress)) {
    return refuse(400, 'This transfer was not sent to the platform address');
  }
  if (!sameAddress(transfer.sender, expected.sender)) {
    return refuse(403, 'This transfer was not sent from your address');
  }
  const pack = packageByPriceOctas(transfer.amount);
  if (!pack) {
    const message = `The amount paid is not the price of a top-up package (paid ${transfer.amount / COIN_UNIT} APT)`;
    // Nothing paid, nothing to refund: only APT that arrived is kept.
    return transfer.amount > 0
      ? { ok: false, status: 400, message, rejectedOctas: transfer.amount }
      : refuse(400, message);
  }
  return { ok: true, pack, priceOctas: transfer.amount };
};

import { COIN_UNIT } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { type PaymentProgress, withReason } from './payment-error';

const M = MESSAGES.withdraw;

export type WithdrawDeps = {
  /** `POST /relayer/api/withdraw` with an Idempotency-Key; answers the chain hash when there is one. */
  withdraw(
    body: { userAddress: string; amount: number },
    idempotencyKey: string,
  ): Promise<{ transactionHash?: string }>;
};

export type WithdrawInput = { address: string; amount: number; balance: number; idempotencyKey: string };

/**
 * The withdraw flow (accounts §4): initiating, then pending while the relayer debits REEL and
 * sends it on chain, then success or failed ('Withdrawal failed. Please try again.' with the
 * reason). Answers whether it succeeded.
 */
export async function runWithdraw(
  input: WithdrawInput,
  deps: WithdrawDeps,
  onStatus: (status: PaymentProgress) => void,
): Promise<boolean> {
  const { amount } = input;
  if (!(amount > 0)) {
    onStatus({ status: 'failed', message: M.failed, error: M.invalidAmount });
    return false;
  }
  if (Math.round(amount * COIN_UNIT) > Math.round(input.balance * COIN_UNIT)) {
    onStatus({ status: 'failed', message: M.failed, error: M.insufficient });
    return false;
  }
  onStatus({ status: 'processing', message: 'Initiating withdrawal...' });
  try {
    onStatus({ status: 'pending', message: `Sending ${amount} $REEL to your wallet...` });
    const { transactionHash } = await deps.withdraw(
      { userAddress: input.address, amount },
      input.idempotencyKey,
    );
    onStatus({ status: 'success', message: `${amount} $REEL sent to your wallet.`, transactionHash });
    return true;
  } catch (error) {
    // The relayer answers why (an Error); anything else is not the relayer's doing.
    const text = error instanceof Error ? withReason(M.relayerFailed, error) : M.unexpected;
    onStatus({ status: 'failed', message: M.failed, error: text });
    return false;
  }
}

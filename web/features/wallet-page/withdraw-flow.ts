import { COIN_UNIT } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { type PaymentProgress, withReason } from './payment-error';

const M = MESSAGES.withdraw;

/**
 * Where a withdrawal stands, as the relayer answers it (and answers it again for the same key):
 * 'unknown' when no answer came back (offline, a crash, a 5xx), so it may or may not exist yet.
 */
export type WithdrawState =
  | { status: 'completed'; transactionHash?: string }
  | { status: 'pending' | 'unknown' }
  | { status: 'failed'; error: string };

export type WithdrawDeps = {
  /** `POST /relayer/api/withdraw` with an Idempotency-Key; throws only when the relayer refused it. */
  withdraw(body: { userAddress: string; amount: number }, idempotencyKey: string): Promise<WithdrawState>;
  /** Waits before asking again (tests pass a no-op). */
  wait(ms: number): Promise<void>;
};

export type WithdrawInput = { address: string; amount: number; balance: number; idempotencyKey: string };

/** First look again soon, then every 10 s: settlement decides within a few minutes. */
const pollDelay = (attempt: number) => Math.min(10_000, 2_000 * attempt);

/**
 * The withdraw flow (accounts §4): initiating, then pending while the relayer debits REEL and
 * sends it on chain, then success or failed ('Withdrawal failed. Please try again.' with the
 * reason). A withdrawal the relayer could not finish yet (its answer is 'pending', or none came) is
 * shown as pending, never as sent, and asked about again with the same Idempotency-Key (which
 * moves nothing twice) until the relayer's settlement completes or refunds it. Answers whether it
 * succeeded.
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
  onStatus({ status: 'pending', message: `Sending ${amount} $REEL to your wallet...` });
  for (let attempt = 1; ; attempt += 1) {
    let state: WithdrawState;
    try {
      state = await deps.withdraw({ userAddress: input.address, amount }, input.idempotencyKey);
    } catch (error) {
      // The relayer refused it (nothing moved) and says why; anything else is not the relayer's doing.
      const text = error instanceof Error ? withReason(M.relayerFailed, error) : M.unexpected;
      onStatus({ status: 'failed', message: M.failed, error: text });
      return false;
    }
    if (state.status === 'completed') {
      const { transactionHash } = state;
      onStatus({ status: 'success', message: `${amount} $REEL sent to your wallet.`, transactionHash });
      return true;
    }
    if (state.status === 'failed') {
      onStatus({ status: 'failed', message: M.failed, error: withReason(M.relayerFailed, state.error) });
      return false;
    }
    onStatus({ status: 'pending', message: M.pending(amount) });
    await deps.wait(pollDelay(attempt));
  }
}

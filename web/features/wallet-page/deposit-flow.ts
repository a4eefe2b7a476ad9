import type { TopUpPackage } from '../../../schema/catalogue';
import { COIN_UNIT } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { PaymentError, type PaymentProgress, withReason } from './payment-error';

const M = MESSAGES.deposit;

/** What a deposit needs from the chain, the wallet and our API; real ones in deposit-deps.ts. */
export type DepositDeps = {
  /** APT balance in octas. */
  aptBalance(address: string): Promise<number>;
  /** Has the wallet sign and submit an APT transfer; answers the hash. A `PaymentError` says why it could not. */
  transferApt(to: string, octas: number): Promise<string>;
  /** Waits for the transfer to commit; throws if it failed on chain. */
  waitForSuccess(hash: string): Promise<void>;
  createTransaction(body: {
    userId: string;
    amount: number;
    type: 'deposit';
    txHash: string;
    userAddr: string;
    referralCode: string | null;
  }): Promise<{ id: string }>;
  creditViaRelayer(address: string, body: { amount: number; txHash: string }): Promise<void>;
  confirmTransaction(id: string): Promise<void>;
};

export type DepositInput = {
  user: { id: string; address: string };
  pkg: TopUpPackage;
  platformAddress: string;
  referralCode?: string | null;
};

/** A step failed: stop with this status. */
class StepFailure extends Error {
  constructor(readonly status: PaymentProgress) {
    super(status.error ?? status.message);
  }
}

const failed = (message: string, error: string, transactionHash?: string): PaymentProgress => ({
  status: 'failed',
  message,
  error,
  transactionHash,
});

async function step<T>(run: () => Promise<T>, onError: (error: unknown) => PaymentProgress): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StepFailure(onError(error));
  }
}

/**
 * The top-up flow (accounts §4): check the APT balance, transfer the package's price to the
 * platform address, then record the transaction, have the relayer credit it and confirm it. The
 * server credits REEL only after reading the transfer on chain. Every status goes to `onStatus`;
 * answers whether the deposit succeeded.
 */
export async function runDeposit(
  input: DepositInput,
  deps: DepositDeps,
  onStatus: (status: PaymentProgress) => void,
): Promise<boolean> {
  const { user, pkg } = input;
  const octas = Math.round(pkg.apt * COIN_UNIT);
  try {
    onStatus({ status: 'processing', step: 'check', message: 'Checking your APT balance...' });
    const balance = await step(
      () => deps.aptBalance(user.address),
      (error) => failed(M.paymentFailed, withReason(M.unexpected, error)),
    );
    if (balance < octas) throw new StepFailure(failed(M.paymentFailed, M.insufficientApt));

    onStatus({
      status: 'processing',
      step: 'transfer',
      message: `Approve the transfer of ${pkg.apt} APT in your wallet...`,
    });
    const txHash = await step(
      () => deps.transferApt(input.platformAddress, octas),
      (error) =>
        failed(
          M.paymentFailed,
          error instanceof PaymentError ? error.message : withReason(M.transferFailed, error),
        ),
    );
    await step(
      () => deps.waitForSuccess(txHash),
      (error) => failed(M.paymentFailed, withReason(M.transferFailed, error), txHash),
    );

    onStatus({
      status: 'processing',
      step: 'process',
      message: `Adding ${pkg.reel} $REEL to your balance...`,
      transactionHash: txHash,
    });
    const record = await step(
      () =>
        deps.createTransaction({
          userId: user.id,
          amount: pkg.reel,
          type: 'deposit',
          txHash,
          userAddr: user.address,
          referralCode: input.referralCode ?? null,
        }),
      (error) => failed(M.failed, withReason(M.failed, error), txHash),
    );
    await step(
      () => deps.creditViaRelayer(user.address, { amount: pkg.reel, txHash }),
      (error) => failed(M.failed, withReason(M.relayerFailed, error), txHash),
    );
    await step(
      () => deps.confirmTransaction(record.id),
      (error) => failed(M.failed, withReason(M.confirmFailed, error), txHash),
    );
    onStatus({
      status: 'success',
      message: `${pkg.reel} $REEL added to your balance.`,
      transactionHash: txHash,
    });
    return true;
  } catch (error) {
    onStatus(error instanceof StepFailure ? error.status : failed(M.failed, withReason(M.unexpected, error)));
    return false;
  }
}

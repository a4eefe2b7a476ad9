import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TopUpPackage } from '../../../schema/catalogue';
import { MESSAGES } from '../../../schema/messages';
import { WithdrawalSchema } from '../../../schema/money';
import type { User } from '../../../schema/user';
import { ApiRequestError, apiPost } from '../../lib/api';
import { loadPublicConfig } from '../wallet/wallet-adapter';
import { depositDeps } from './deposit-deps';
import { runDeposit } from './deposit-flow';
import { isPaymentBusy, type PaymentKind } from './money-format';
import { type PaymentProgress, withReason } from './payment-error';
import { refetchMoney } from './queries';
import { runWithdraw, type WithdrawDeps } from './withdraw-flow';

const withdrawDeps: WithdrawDeps = {
  async withdraw(body, idempotencyKey) {
    try {
      const answer = await apiPost('/relayer/api/withdraw', body, WithdrawalSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      if (answer.status === 'failed')
        return { status: 'failed', error: answer.error ?? 'The chain send failed' };
      if (answer.status === 'pending') return { status: 'pending' };
      return { status: 'completed', transactionHash: answer.transactionHash ?? undefined };
    } catch (error) {
      // A refusal (4xx) moved nothing; no answer or a 5xx leaves the withdrawal's fate to ask again.
      if (error instanceof ApiRequestError && error.status < 500) throw error;
      return { status: 'unknown' };
    }
  },
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** `GET /api/config`: the chain (for transaction links) and the platform address deposits go to. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['config'], queryFn: loadPublicConfig, staleTime: Number.POSITIVE_INFINITY });
}

/**
 * The wallet page's deposits and withdrawals and the one payment status they show. Whatever the
 * outcome, the user and the history are re-read afterwards: the server may have credited even if
 * a later step failed.
 */
export function usePayments(user: User) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<PaymentKind>('deposit');
  const [progress, setProgress] = useState<PaymentProgress | null>(null);
  const busy = progress !== null && isPaymentBusy(progress.status);

  const deposit = async (pkg: TopUpPackage) => {
    if (busy) return;
    setKind('deposit');
    setProgress({ status: 'processing', step: 'check', message: 'Preparing the payment...' });
    let platformAddress: string;
    try {
      platformAddress = (await loadPublicConfig()).platformAddress;
    } catch (error) {
      setProgress({
        status: 'failed',
        message: MESSAGES.deposit.paymentFailed,
        error: withReason(MESSAGES.deposit.unexpected, error),
      });
      return;
    }
    const address = user.aptosAddress;
    await runDeposit(
      { user: { id: user.id, address }, pkg, platformAddress },
      depositDeps(address),
      setProgress,
    );
    await refetchMoney(queryClient);
  };

  const withdraw = async (amount: number): Promise<boolean> => {
    if (busy) return false;
    setKind('withdrawal');
    const ok = await runWithdraw(
      { address: user.aptosAddress, amount, balance: user.balance, idempotencyKey: crypto.randomUUID() },
      withdrawDeps,
      setProgress,
    );
    await refetchMoney(queryClient);
    return ok;
  };

  return { kind, progress, busy, deposit, withdraw, dismiss: () => setProgress(null) };
}

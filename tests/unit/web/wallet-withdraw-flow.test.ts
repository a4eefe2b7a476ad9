import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../../schema/money';
import { runWithdraw, type WithdrawDeps } from '../../../web/features/wallet-page/withdraw-flow';

const run = async (amount: number, balance: number, withdraw: WithdrawDeps['withdraw']) => {
  const statuses: PaymentStatus[] = [];
  const ok = await runWithdraw(
    { address: '0xa11ce', amount, balance, idempotencyKey: 'k1' },
    { withdraw },
    (status) => statuses.push(status),
  );
  return { ok, statuses, last: statuses.at(-1) };
};

describe('runWithdraw', () => {
  it('goes processing, pending, then success with the chain hash', async () => {
    const asked: unknown[] = [];
    const { ok, statuses, last } = await run(50, 200, async (body, key) => {
      asked.push({ body, key });
      return { transactionHash: '0xw' };
    });
    expect(ok).toBe(true);
    expect(asked).toEqual([{ body: { userAddress: '0xa11ce', amount: 50 }, key: 'k1' }]);
    expect(statuses.map((s) => s.status)).toEqual(['processing', 'pending', 'success']);
    expect(last?.transactionHash).toBe('0xw');
  });

  it('refuses more than the balance without asking the relayer', async () => {
    let asked = false;
    const { ok, last } = await run(200.5, 200, async () => {
      asked = true;
      return {};
    });
    expect(ok).toBe(false);
    expect(asked).toBe(false);
    expect(last).toMatchObject({ status: 'failed', error: 'Insufficient balance' });
  });

  it('fails with the relayer named and its reason', async () => {
    const { ok, last } = await run(10, 200, async () => {
      throw new Error('Chain send failed');
    });
    expect(ok).toBe(false);
    expect(last).toMatchObject({
      status: 'failed',
      message: 'Withdrawal failed. Please try again.',
      error: 'Failed to withdraw tokens via relayer: Chain send failed',
    });
  });
});

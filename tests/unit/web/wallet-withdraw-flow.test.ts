import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../../schema/money';
import {
  runWithdraw,
  type WithdrawDeps,
  type WithdrawState,
} from '../../../web/features/wallet-page/withdraw-flow';

const run = async (amount: number, balance: number, withdraw: WithdrawDeps['withdraw']) => {
  const statuses: PaymentStatus[] = [];
  const waits: number[] = [];
  const ok = await runWithdraw(
    { address: '0xa11ce', amount, balance, idempotencyKey: 'k1' },
    { withdraw, wait: async (ms) => void waits.push(ms) },
    (status) => statuses.push(status),
  );
  return { ok, statuses, waits, last: statuses.at(-1) };
};

/** A relayer that answers these states in turn, remembering each key it was asked with. */
const answering = (...states: WithdrawState[]) => {
  const keys: string[] = [];
  const withdraw: WithdrawDeps['withdraw'] = async (_, key) => {
    keys.push(key);
    return states.shift() ?? { status: 'pending' };
  };
  return { keys, withdraw };
};

describe('runWithdraw', () => {
  it('goes processing, pending, then success with the chain hash', async () => {
    const asked: unknown[] = [];
    const { ok, statuses, last } = await run(50, 200, async (body, key) => {
      asked.push({ body, key });
      return { status: 'completed', transactionHash: '0xw' };
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
      return { status: 'pending' };
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

  it('shows a pending withdrawal as pending, never as sent, and asks again with the same key until it completes', async () => {
    const relayer = answering(
      { status: 'pending' },
      { status: 'unknown' },
      { status: 'completed', transactionHash: '0xlate' },
    );
    const { ok, statuses, waits, last } = await run(25, 200, relayer.withdraw);
    expect(ok).toBe(true);
    expect(relayer.keys).toEqual(['k1', 'k1', 'k1']);
    expect(waits).toHaveLength(2);
    const beforeEnd = statuses.slice(0, -1);
    expect(beforeEnd.map((s) => s.status)).toEqual(['processing', 'pending', 'pending', 'pending']);
    expect(beforeEnd.some((s) => s.message.includes('sent to your wallet.'))).toBe(false);
    expect(statuses[2]?.message).toBe(
      'Your withdrawal of 25 $REEL is pending. It will be sent to your wallet or refunded within a few minutes.',
    );
    expect(last).toMatchObject({
      status: 'success',
      message: '25 $REEL sent to your wallet.',
      transactionHash: '0xlate',
    });
  });

  it('ends failed with the reason when settlement refunds a pending withdrawal', async () => {
    const relayer = answering(
      { status: 'pending' },
      { status: 'failed', error: 'Failed to withdraw tokens via relayer' },
    );
    const { ok, last } = await run(25, 200, relayer.withdraw);
    expect(ok).toBe(false);
    expect(last).toMatchObject({
      status: 'failed',
      message: 'Withdrawal failed. Please try again.',
      error: 'Failed to withdraw tokens via relayer',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../../schema/money';
import { type DepositDeps, runDeposit } from '../../../web/features/wallet-page/deposit-flow';
import { PaymentError } from '../../../web/features/wallet-page/payment-error';

const user = { id: 'u1', address: '0xa11ce' };
const input = { user, pkg: { reel: 200, apt: 0.5 }, platformAddress: '0x4ee1' };

/** A chain and API that do what they are told, recording what the flow asked of them. */
const fakeDeps = (overrides: Partial<DepositDeps> = {}) => {
  const calls: string[] = [];
  const deps: DepositDeps = {
    aptBalance: async () => 20 * 1e8,
    transferApt: async (to, octas) => {
      calls.push(`transfer ${to} ${octas}`);
      return '0xhash';
    },
    waitForSuccess: async () => undefined,
    createTransaction: async (body) => {
      calls.push(`create ${body.type} ${body.amount} ${body.txHash} ${body.userAddr}`);
      return { id: 't1' };
    },
    creditViaRelayer: async (address, body) => {
      calls.push(`credit ${address} ${body.amount} ${body.txHash}`);
    },
    confirmTransaction: async (id) => {
      calls.push(`confirm ${id}`);
    },
    ...overrides,
  };
  return { deps, calls };
};

const run = async (deps: DepositDeps) => {
  const statuses: PaymentStatus[] = [];
  const ok = await runDeposit(input, deps, (status) => statuses.push(status));
  return { ok, statuses, last: statuses.at(-1) };
};

describe('runDeposit', () => {
  it('pays the package price in octas to the platform, then records, credits and confirms it', async () => {
    const { deps, calls } = fakeDeps();
    const { ok, statuses, last } = await run(deps);
    expect(ok).toBe(true);
    expect(calls).toEqual([
      'transfer 0x4ee1 50000000',
      'create deposit 200 0xhash 0xa11ce',
      'credit 0xa11ce 200 0xhash',
      'confirm t1',
    ]);
    expect(statuses.map((s) => s.status)).toEqual(['processing', 'processing', 'processing', 'success']);
    expect(last).toMatchObject({ status: 'success', transactionHash: '0xhash' });
  });

  it('stops before the wallet when the APT balance is short of the price', async () => {
    const { deps, calls } = fakeDeps({ aptBalance: async () => 0.5 * 1e8 - 1 });
    const { ok, last } = await run(deps);
    expect(ok).toBe(false);
    expect(calls).toEqual([]);
    expect(last).toMatchObject({
      status: 'failed',
      message: 'Payment failed. Please try again.',
      error: 'Insufficient APT balance.',
    });
  });

  it('asks to approve in the wallet when the transfer is rejected', async () => {
    const { deps } = fakeDeps({
      transferApt: async () => {
        throw 'User has rejected the request';
      },
    });
    expect((await run(deps)).last).toMatchObject({
      status: 'failed',
      error:
        'Failed to transfer APT. Please approve the transaction in your wallet. User has rejected the request',
    });
  });

  it('passes on why the wallet could not pay at all', async () => {
    for (const message of [
      'Aptos wallet not found',
      'Your wallet does not support programmatic transaction signing.',
    ]) {
      const { deps } = fakeDeps({
        transferApt: async () => {
          throw new PaymentError(message);
        },
      });
      expect((await run(deps)).last).toMatchObject({ status: 'failed', error: message });
    }
  });

  it('names the relayer when the credit fails, keeps the hash and does not confirm', async () => {
    const { deps, calls } = fakeDeps({
      creditViaRelayer: async () => {
        throw new Error('Transfer not found on chain');
      },
    });
    const { last } = await run(deps);
    expect(last).toMatchObject({
      status: 'failed',
      message: 'Deposit failed. Please try again.',
      error: 'Failed to update balance via relayer: Transfer not found on chain',
      transactionHash: '0xhash',
    });
    expect(calls.some((call) => call.startsWith('confirm'))).toBe(false);
  });

  it('names the confirmation when it fails', async () => {
    const { deps } = fakeDeps({
      confirmTransaction: async () => {
        throw new Error('HTTP error! status: 500');
      },
    });
    expect((await run(deps)).last?.error).toBe('Failed to confirm transaction: HTTP error! status: 500');
  });

  it('calls a failed balance read unexpected', async () => {
    const { deps } = fakeDeps({
      aptBalance: async () => {
        throw new Error('node down');
      },
    });
    expect((await run(deps)).last?.error).toBe('An unexpected error occurred during deposit. node down');
  });
});

import { describe, expect, it } from 'vitest';
import { GIFTS } from '../../../schema/catalogue';
import { runTip, type TipDeps, TipFailure, tipProblem } from '../../../web/features/tips/tip-flow';
import type { TipTarget } from '../../../web/features/tips/tip-target';

const target: TipTarget = {
  receiver: { id: 'creator', username: 'maker', aptosAddress: '0xc0ffee' },
  tipType: 'video',
  contentId: 'v1',
};
const tipper = { id: 'fan', address: '0xfa17', balance: 200 };
const heart = GIFTS.find((gift) => gift.name === 'Heart') ?? GIFTS[0];

const fakeDeps = (overrides: Partial<TipDeps> = {}) => {
  const calls: unknown[] = [];
  const deps: TipDeps = {
    createTip: async (body, key) => {
      calls.push(['create', body, key]);
      return { id: 'tip1' };
    },
    sendOnChain: async (body, key) => {
      calls.push(['send', body, key]);
      return { transactionHash: '0xtip' };
    },
    saveHash: async (id, hash) => {
      calls.push(['hash', id, hash]);
    },
    confirm: async (id) => {
      calls.push(['confirm', id]);
    },
    ...overrides,
  };
  return { deps, calls };
};

describe('tipProblem', () => {
  it('asks a visitor to connect first', () => {
    expect(tipProblem(null, false, target, heart)).toBe('Please connect your wallet first');
  });

  it('needs the sender, the receiver id and the receiver address', () => {
    const noAddress = { ...target, receiver: { ...target.receiver, aptosAddress: '' } };
    expect(tipProblem(null, true, target, heart)).toBe('Missing required information for tipping');
    expect(tipProblem(tipper, true, noAddress, heart)).toBe('Missing required information for tipping');
  });

  it('needs a balance that covers the gift', () => {
    expect(tipProblem({ ...tipper, balance: 99 }, true, target, heart)).toBe(
      'Insufficient balance. Please add more $REEL coins to your wallet.',
    );
    expect(tipProblem({ ...tipper, balance: 100 }, true, target, heart)).toBeNull();
  });
});

describe('runTip', () => {
  it('creates, sends, saves the hash and confirms, with one key for the attempt', async () => {
    const { deps, calls } = fakeDeps();
    const hash = await runTip({ tipper, target, gift: heart, message: '  gg  ', idempotencyKey: 'k1' }, deps);
    expect(hash).toBe('0xtip');
    expect(calls).toEqual([
      [
        'create',
        {
          tipperId: 'fan',
          receiverId: 'creator',
          amount: 100,
          message: 'gg',
          tipType: 'video',
          videoId: 'v1',
          giftName: 'Heart',
        },
        'k1',
      ],
      ['send', { from: '0xfa17', to: '0xc0ffee', amount: 100, message: 'gg', tipId: 'tip1' }, 'k1'],
      ['hash', 'tip1', '0xtip'],
      ['confirm', 'tip1'],
    ]);
  });

  it('puts a stream tip on its session', async () => {
    const { deps, calls } = fakeDeps();
    const stream: TipTarget = { ...target, tipType: 'stream', contentId: 's1' };
    await runTip({ tipper, target: stream, gift: heart, message: '', idempotencyKey: 'k' }, deps);
    expect(calls[0]).toMatchObject(['create', { tipType: 'stream', streamSessionId: 's1' }, 'k']);
  });

  it('stops at the failed step with its message', async () => {
    const cases: [Partial<TipDeps>, string][] = [
      [{ createTip: () => Promise.reject(new Error('x')) }, 'Failed to create tip record'],
      [{ sendOnChain: () => Promise.reject(new Error('x')) }, 'Failed to send tip on-chain'],
      [{ saveHash: () => Promise.reject(new Error('x')) }, 'Failed to update tip with transaction hash'],
      [{ confirm: () => Promise.reject(new Error('x')) }, 'Failed to confirm tip'],
    ];
    for (const [override, message] of cases) {
      const { deps, calls } = fakeDeps(override);
      const attempt = runTip({ tipper, target, gift: heart, message: '', idempotencyKey: 'k' }, deps);
      await expect(attempt).rejects.toThrow(new TipFailure(message, 'x'));
      expect(calls.some((call) => Array.isArray(call) && call[0] === 'confirm')).toBe(false);
    }
  });
});

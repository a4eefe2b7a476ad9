import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  type HashedLedgerTransaction,
  hashLedgerTransaction,
  isBalanced,
  verifyLedgerChain,
} from '../../schema/ledger';

const chainOf = async (count: number) => {
  const txs: HashedLedgerTransaction[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const content = {
      seq,
      kind: 'tip',
      causeId: `cause-${seq}`,
      entries: [
        { accountId: 'user:b', amount: 100 * seq },
        { accountId: 'user:a', amount: -100 * seq },
      ],
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
      prevHash,
    };
    const hash = await hashLedgerTransaction(content);
    txs.push({ ...content, hash });
    prevHash = hash;
  }
  return txs;
};

describe('ledger hash chain', () => {
  it('verifies an untouched chain', async () => {
    expect(await verifyLedgerChain(await chainOf(5))).toEqual([]);
  });

  it('hashes entries independently of their order', async () => {
    const [tx] = await chainOf(1);
    if (!tx) throw new Error('no tx');
    expect(await hashLedgerTransaction({ ...tx, entries: [...tx.entries].reverse() })).toBe(tx.hash);
  });

  it('detects a tampered entry amount', async () => {
    const txs = await chainOf(3);
    const tampered = txs.map((tx) =>
      tx.seq === 2
        ? {
            ...tx,
            entries: [
              { accountId: 'user:b', amount: 999 },
              { accountId: 'user:a', amount: -999 },
            ],
          }
        : tx,
    );
    expect(await verifyLedgerChain(tampered)).toEqual([{ seq: 2, problem: 'hash does not match' }]);
  });

  it('detects a removed transaction', async () => {
    const txs = await chainOf(3);
    const problems = await verifyLedgerChain([txs[0], txs[2]].filter((tx) => tx !== undefined));
    expect(problems.map((p) => p.problem)).toEqual(['expected seq 2', 'prev_hash does not match']);
  });

  it('refuses unbalanced, fractional, zero and repeated-account entries', () => {
    expect(
      isBalanced([
        { accountId: 'a', amount: -5 },
        { accountId: 'b', amount: 5 },
      ]),
    ).toBe(true);
    expect(
      isBalanced([
        { accountId: 'a', amount: -5 },
        { accountId: 'b', amount: 4 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { accountId: 'a', amount: -0.5 },
        { accountId: 'b', amount: 0.5 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { accountId: 'a', amount: 0 },
        { accountId: 'b', amount: 0 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { accountId: 'a', amount: -5 },
        { accountId: 'a', amount: 5 },
      ]),
    ).toBe(false);
    expect(isBalanced([{ accountId: 'a', amount: 0 }])).toBe(false);
  });
});

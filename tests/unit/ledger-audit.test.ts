import { describe, expect, it } from 'vitest';
import { auditLedger, GENESIS_HASH, hashLedgerTransaction } from '../../schema/ledger';

const oneTransaction = async () => {
  const content = {
    seq: 1,
    kind: 'reward',
    causeId: 'c1',
    entries: [
      { accountId: 'platform:treasury', amount: -500 },
      { accountId: 'user:a', amount: 500 },
    ],
    createdAt: '2026-01-01T00:00:00.000Z',
    prevHash: GENESIS_HASH,
  };
  return [{ ...content, hash: await hashLedgerTransaction(content) }];
};

describe('ledger audit', () => {
  it('passes when stored balances equal the sums of entries', async () => {
    const report = await auditLedger(await oneTransaction(), [
      { accountId: 'platform:treasury', amount: -500 },
      { accountId: 'user:a', amount: 500 },
    ]);
    expect(report).toEqual({ transactions: 1, accounts: 2, chainProblems: [], balanceMismatches: [] });
  });

  it('reports a balance written outside the ledger', async () => {
    const report = await auditLedger(await oneTransaction(), [
      { accountId: 'platform:treasury', amount: -500 },
      { accountId: 'user:a', amount: 1500 },
      { accountId: 'user:b', amount: 7 },
    ]);
    expect(report.balanceMismatches).toEqual([
      { accountId: 'user:a', stored: 1500, fromEntries: 500 },
      { accountId: 'user:b', stored: 7, fromEntries: 0 },
    ]);
  });
});

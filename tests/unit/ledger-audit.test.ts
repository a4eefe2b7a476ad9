import { describe, expect, it } from 'vitest';
import { auditLedger, GENESIS_HASH, hashLedgerTransaction, isHealthy } from '../../schema/ledger';

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
    expect(report).toEqual({
      transactions: 1,
      accounts: 2,
      chainProblems: [],
      balanceMismatches: [],
      sumOfBalances: 0,
      negativeAccounts: ['platform:treasury'],
      depositProblems: [],
    });
    // Only platform:issuance may be below zero.
    expect(isHealthy(report)).toBe(false);
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

  it('passes issuance below zero when balances sum to zero and deposits pair with credited rows', async () => {
    const content = {
      seq: 1,
      kind: 'deposit',
      causeId: '0xab',
      entries: [
        { accountId: 'platform:issuance', amount: -500 },
        { accountId: 'user:a', amount: 500 },
      ],
      createdAt: '2026-01-01T00:00:00.000Z',
      prevHash: GENESIS_HASH,
    };
    const chain = [{ ...content, hash: await hashLedgerTransaction(content) }];
    const balances = [
      { accountId: 'platform:issuance', amount: -500 },
      { accountId: 'user:a', amount: 500 },
    ];
    expect(isHealthy(await auditLedger(chain, balances, [{ txHash: '0xab', status: 'credited' }]))).toBe(
      true,
    );
    expect(
      (await auditLedger(chain, balances, [{ txHash: '0xab', status: 'rejected' }])).depositProblems,
    ).toEqual([{ txHash: '0xab', problem: 'deposit credit without a credited deposits row' }]);
    expect(
      (
        await auditLedger(chain, balances, [
          { txHash: '0xab', status: 'credited' },
          { txHash: '0xcd', status: 'credited' },
        ])
      ).depositProblems,
    ).toEqual([{ txHash: '0xcd', problem: 'credited deposits row without a ledger credit' }]);
  });

  it('reports REEL made outside the ledger as a non-zero sum', async () => {
    const report = await auditLedger([], [{ accountId: 'platform:treasury', amount: 100 }]);
    expect(report.sumOfBalances).toBe(100);
    expect(isHealthy(report)).toBe(false);
  });
});

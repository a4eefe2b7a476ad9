import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { ISSUANCE_ACCOUNT, isHealthy, verifyLedgerChain } from '../../schema/ledger';
import { readLedgerSnapshot } from '../../worker/money/audit-read';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { guardStatement } from '../../worker/money/ledger-queries';
import { LedgerError, postTransaction, postTransactionUnqueued } from '../../worker/money/post-transaction';
import { insertUser } from '../factories/content';
import { auditNow, balanceOf, fundUser, seedTreasury, sumOfBalances, TREASURY } from '../factories/ledger';

const db = env.DB;
const acct = userLedgerAccountId;

const readChain = async () => (await readLedgerSnapshot(db)).chain;

const transactionCount = async () =>
  (await db.prepare('SELECT COUNT(*) AS n FROM ledger_transactions').first<{ n: number }>())?.n ?? 0;

describe('REEL ledger', () => {
  it('posts a balanced transaction: entries, balances and a chained hash', async () => {
    await seedTreasury(db, 1000);
    const user = await insertUser(db);
    const posted = await fundUser(db, user.id, 250);
    // seq 1 issued the treasury's REEL.
    expect(posted.seq).toBe(2);
    expect(posted.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balanceOf(db, acct(user.id))).toBe(250 * COIN_UNIT);
    expect(await balanceOf(db, TREASURY)).toBe(750 * COIN_UNIT);
    const second = await fundUser(db, user.id, 1);
    expect(second.seq).toBe(3);
    expect(await verifyLedgerChain(await readChain())).toEqual([]);
  });

  it('refuses an unbalanced post before touching D1', async () => {
    await seedTreasury(db, 1000);
    const user = await insertUser(db);
    await expect(
      postTransaction(db, {
        kind: 'reward',
        causeId: 'x',
        entries: [
          { accountId: TREASURY, amount: -100 },
          { accountId: acct(user.id), amount: 99 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'unbalanced' });
    expect(await transactionCount()).toBe(1);
  });

  it('fails an overdraft whole: nothing moves, no transaction is written', async () => {
    await seedTreasury(db, 1000);
    const [a, b] = [await insertUser(db), await insertUser(db)];
    await fundUser(db, a.id, 10);
    const error = await postTransaction(db, {
      kind: 'tip',
      causeId: 'too-much',
      entries: [
        { accountId: acct(a.id), amount: -11 * COIN_UNIT },
        { accountId: acct(b.id), amount: 11 * COIN_UNIT },
      ],
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerError);
    expect(error).toMatchObject({ code: 'insufficient_balance' });
    expect(await balanceOf(db, acct(a.id))).toBe(10 * COIN_UNIT);
    expect(await balanceOf(db, acct(b.id))).toBe(0);
    expect(await transactionCount()).toBe(2);
  });

  it('answers a replay (same idempotency key, or same cause) with the first result and moves nothing', async () => {
    await seedTreasury(db, 1000);
    const user = await insertUser(db);
    const input = {
      kind: 'deposit' as const,
      causeId: '0xabc',
      idempotencyKey: 'key-1',
      entries: [
        { accountId: TREASURY, amount: -5 * COIN_UNIT },
        { accountId: acct(user.id), amount: 5 * COIN_UNIT },
      ],
    };
    const first = await postTransaction(db, input);
    const byKey = await postTransaction(db, { ...input, causeId: 'other' });
    const byCause = await postTransaction(db, { ...input, idempotencyKey: 'key-2' });
    const racing = await Promise.all(
      [1, 2, 3].map(() => postTransaction(db, { ...input, idempotencyKey: undefined })),
    );
    for (const replay of [byKey, byCause, ...racing]) {
      expect(replay).toMatchObject({ id: first.id, hash: first.hash, replayed: true });
    }
    expect(first.replayed).toBe(false);
    expect(await balanceOf(db, acct(user.id))).toBe(5 * COIN_UNIT);
    expect(await transactionCount()).toBe(2);
  });

  it('creates platform accounts as needed and refuses accounts of unknown users', async () => {
    await seedTreasury(db, 10);
    await postTransaction(db, {
      kind: 'fee',
      causeId: 'fee-1',
      entries: [
        { accountId: TREASURY, amount: -3 },
        { accountId: 'platform:fees', amount: 3 },
      ],
    });
    expect(await balanceOf(db, 'platform:fees')).toBe(3);
    await expect(
      postTransaction(db, {
        kind: 'fee',
        causeId: 'fee-2',
        entries: [
          { accountId: TREASURY, amount: -3 },
          { accountId: acct('no-such-user'), amount: 3 },
        ],
      }),
    ).rejects.toThrow();
    expect(await balanceOf(db, TREASURY)).toBe(10 * COIN_UNIT - 3);
  });

  it('lets only the issuance account go below zero, so all balances sum to zero', async () => {
    const user = await insertUser(db);
    await postTransaction(db, {
      kind: 'deposit',
      causeId: '0xfeed',
      entries: [
        { accountId: ISSUANCE_ACCOUNT, amount: -200 * COIN_UNIT },
        { accountId: acct(user.id), amount: 200 * COIN_UNIT },
      ],
    });
    expect(await balanceOf(db, ISSUANCE_ACCOUNT)).toBe(-200 * COIN_UNIT);
    expect(await sumOfBalances(db)).toBe(0);
    await expect(
      postTransaction(db, {
        kind: 'fee',
        causeId: 'from-empty-treasury',
        entries: [
          { accountId: TREASURY, amount: -COIN_UNIT },
          { accountId: acct(user.id), amount: COIN_UNIT },
        ],
      }),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    // The deposit credit has no deposits row: the audit says so.
    expect((await auditNow(db)).depositProblems).toEqual([
      { txHash: '0xfeed', problem: 'deposit credit without a credited deposits row' },
    ]);
  });

  it('retries a post that lost the race for a seq and chains it on the new head', async () => {
    await seedTreasury(db, 1000);
    const users = [await insertUser(db), await insertUser(db), await insertUser(db), await insertUser(db)];
    // Without the isolate's queue every post reads the same head; UNIQUE(seq) refuses all but one.
    const posted = await Promise.all(
      users.map((user, i) =>
        postTransactionUnqueued(db, {
          kind: 'reward',
          causeId: `race-${i}`,
          entries: [
            { accountId: TREASURY, amount: -COIN_UNIT },
            { accountId: acct(user.id), amount: COIN_UNIT },
          ],
        }),
      ),
    );
    expect(posted.map((tx) => tx.seq).sort()).toEqual([2, 3, 4, 5]);
    expect(await verifyLedgerChain(await readChain())).toEqual([]);
    expect(await balanceOf(db, TREASURY)).toBe(996 * COIN_UNIT);
  });

  it('fails whole when a guard finds no row', async () => {
    await seedTreasury(db, 1000);
    const user = await insertUser(db);
    await expect(
      postTransaction(db, {
        kind: 'reward',
        causeId: 'guarded',
        guards: [guardStatement('SELECT 1 FROM users WHERE id = ?1', 'nobody')],
        entries: [
          { accountId: TREASURY, amount: -COIN_UNIT },
          { accountId: acct(user.id), amount: COIN_UNIT },
        ],
      }),
    ).rejects.toMatchObject({ code: 'precondition_failed' });
    expect(await transactionCount()).toBe(1);
    expect(await balanceOf(db, TREASURY)).toBe(1000 * COIN_UNIT);
  });

  it('keeps the sum of balances and no balance negative under 1000 concurrent tips among 50 users', async () => {
    await seedTreasury(db, 100_000);
    const users: Awaited<ReturnType<typeof insertUser>>[] = [];
    for (let i = 0; i < 50; i++) users.push(await insertUser(db));
    for (const user of users) await fundUser(db, user.id, 20);
    const before = await sumOfBalances(db);

    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const from = users[i % 50];
        const to = users[(i * 7 + 3) % 50];
        if (!from || !to || from === to) return Promise.resolve('skipped' as const);
        const amount = (1 + (i % 10)) * COIN_UNIT;
        return postTransaction(db, {
          kind: 'tip',
          causeId: `tip-${i}`,
          entries: [
            { accountId: acct(from.id), amount: -amount },
            { accountId: acct(to.id), amount },
          ],
        }).then(
          () => 'posted' as const,
          (error: unknown) => {
            if (error instanceof LedgerError && error.code === 'insufficient_balance')
              return 'refused' as const;
            throw error;
          },
        );
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const posted = outcomes.filter((o) => o === 'posted').length;
    console.info(`ledger: ${posted} tips posted (${outcomes.length} tried) in ${seconds.toFixed(2)} s`);

    expect(await sumOfBalances(db)).toBe(before);
    const negative = await db
      .prepare('SELECT COUNT(*) AS n FROM balances WHERE amount < 0 AND account_id <> ?1')
      .bind(ISSUANCE_ACCOUNT)
      .first<{ n: number }>();
    expect(negative?.n).toBe(0);
    expect(posted).toBeGreaterThan(0);
    expect(await transactionCount()).toBe(1 + 50 + posted);
    expect(await verifyLedgerChain(await readChain())).toEqual([]);
    // What scripts/ledger-audit.ts checks: balances from entries, chain, sum 0, none negative.
    const report = await auditNow(db);
    expect(report).toMatchObject({ balanceMismatches: [], chainProblems: [], sumOfBalances: 0 });
    expect(isHealthy(report)).toBe(true);
  }, 30_000);
});

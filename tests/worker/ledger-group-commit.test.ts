import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { isHealthy, verifyLedgerChain } from '../../schema/ledger';
import { readLedgerSnapshot } from '../../worker/relayer/ledger/audit-read';
import {
  type PostResult,
  type PostTransactionInput,
  postTransaction,
  postTransactionUnqueued,
} from '../../worker/relayer/ledger/post-transaction';
import { guardStatement } from '../../worker/relayer/ledger/queries';
import { userLedgerAccountId } from '../../worker/relayer/users-queries';
import { insertUser } from '../factories/content';
import { auditNow, balanceOf, fundUser, seedTreasury } from '../factories/ledger';

const acct = userLedgerAccountId;

/** Statements of one post with two entries and no guards or alsoRun (see transactionStatements). */
const STATEMENTS_PER_POST = 9;

/**
 * The test's D1 as postTransaction sees it, noting every batch (how many posts it held, whether
 * it committed), so a test can tell that its posts really went through a group batch.
 * `beforeGroup` runs once, just before the first batch of several posts.
 */
const watchedDb = (beforeGroup?: () => Promise<unknown>) => {
  const db = env.DB;
  const batches: { posts: number; committed: boolean }[] = [];
  let pending = beforeGroup;
  const watched: D1Database = {
    prepare: (query) => db.prepare(query),
    batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
      const posts = Math.floor(statements.length / STATEMENTS_PER_POST);
      if (posts > 1 && pending) {
        const run = pending;
        pending = undefined;
        await run();
      }
      try {
        const results = await db.batch<T>(statements);
        batches.push({ posts, committed: true });
        return results;
      } catch (error) {
        batches.push({ posts, committed: false });
        throw error;
      }
    },
    exec: (query) => db.exec(query),
    withSession: (constraint) => db.withSession(constraint),
    dump: () => db.dump(),
  };
  return { db: watched, batches };
};

const tip = (from: string, to: string, reel: number, causeId: string): PostTransactionInput => ({
  kind: 'tip',
  causeId,
  entries: [
    { accountId: acct(from), amount: -reel * COIN_UNIT },
    { accountId: acct(to), amount: reel * COIN_UNIT },
  ],
});

/** Every post's outcome, fired at once: the first runs alone, the rest queue behind it. */
const postAll = (db: D1Database, inputs: readonly PostTransactionInput[]) =>
  Promise.all(
    inputs.map((input) =>
      postTransaction(db, input).then(
        (result): PostResult | { error: unknown } => result,
        (error: unknown) => ({ error }),
      ),
    ),
  );

const chain = async () => (await readLedgerSnapshot(env.DB)).chain;

const usersFunded = async (count: number, reel: number) => {
  await seedTreasury(env.DB, 1000);
  const users = [];
  for (let i = 0; i < count; i++) {
    const user = await insertUser(env.DB);
    await fundUser(env.DB, user.id, reel);
    users.push(user.id);
  }
  return users;
};

describe('ledger group commit', () => {
  it('commits queued posts in one batch whose chained hashes verify', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches } = watchedDb();
    // The first post runs alone; in the group after it, b spends 160 REEL of which 60 reach it
    // earlier in the same group: the batch runs the posts in queue order.
    const inputs = [
      tip(a, b, 1, 'g-0'),
      tip(a, b, 60, 'g-1'),
      ...Array.from({ length: 8 }, (_, i) => tip(b, a, 20, `g-${i + 2}`)),
    ];
    const results = await postAll(db, inputs);

    expect(batches.some((batch) => batch.posts > 1 && batch.committed)).toBe(true);
    expect(batches.every((batch) => batch.committed)).toBe(true);
    const seqs = results.map((result) => ('seq' in result ? result.seq : 0));
    // Seeding and funding took seqs 1 to 3; the posts follow in queue order.
    expect(seqs).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const stored = await chain();
    expect(await verifyLedgerChain(stored)).toEqual([]);
    for (const result of results) {
      expect(result).toMatchObject({ replayed: false });
      if ('seq' in result) expect(stored[result.seq - 1]?.hash).toBe(result.hash);
    }
    expect(await balanceOf(env.DB, acct(a))).toBe(199 * COIN_UNIT);
    expect(await balanceOf(env.DB, acct(b))).toBe(COIN_UNIT);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it('refuses only the overdraft in the middle of a group; the others commit', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches } = watchedDb();
    const inputs = Array.from({ length: 7 }, (_, i) => tip(a, b, i === 3 ? 500 : 1, `o-${i}`));
    const results = await postAll(db, inputs);

    expect(batches.some((batch) => batch.posts > 1 && !batch.committed)).toBe(true);
    expect(results[3]).toMatchObject({ error: { code: 'insufficient_balance' } });
    for (const [i, result] of results.entries()) {
      if (i !== 3) expect(result).toMatchObject({ kind: 'tip', causeId: `o-${i}`, replayed: false });
    }
    expect(await balanceOf(env.DB, acct(a))).toBe(94 * COIN_UNIT);
    expect(await balanceOf(env.DB, acct(b))).toBe(106 * COIN_UNIT);
    const stored = await chain();
    expect(stored.map((tx) => tx.causeId).filter((cause) => cause.startsWith('o-'))).toHaveLength(6);
    expect(await verifyLedgerChain(stored)).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it('commits a cause queued twice in one group once; the repeat answers it and moves nothing', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches } = watchedDb();
    const inputs = [
      tip(a, b, 1, 'd-0'),
      tip(a, b, 1, 'd-1'),
      tip(a, b, 5, 'twice'),
      tip(a, b, 1, 'd-2'),
      tip(a, b, 5, 'twice'),
      tip(a, b, 1, 'd-3'),
    ];
    const results = await postAll(db, inputs);

    expect(batches.some((batch) => batch.posts > 1 && !batch.committed)).toBe(true);
    const [first, repeat] = [results[2], results[4]];
    expect(first).toMatchObject({ causeId: 'twice', replayed: false });
    expect(repeat).toMatchObject({
      causeId: 'twice',
      replayed: true,
      id: first && 'id' in first ? first.id : 'missing',
      hash: first && 'hash' in first ? first.hash : 'missing',
    });
    for (const i of [0, 1, 3, 5]) expect(results[i]).toMatchObject({ replayed: false });
    expect(await balanceOf(env.DB, acct(a))).toBe(91 * COIN_UNIT);
    expect(await balanceOf(env.DB, acct(b))).toBe(109 * COIN_UNIT);
    expect(await verifyLedgerChain(await chain())).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it('answers posts already committed (by cause or by key) from the group and commits the rest', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const byCause = await postTransaction(env.DB, tip(a, b, 5, 'done-cause'));
    const byKey = await postTransaction(env.DB, { ...tip(a, b, 5, 'done-key'), idempotencyKey: 'key-1' });
    const { db, batches } = watchedDb();
    const results = await postAll(db, [
      tip(a, b, 1, 'k-0'),
      tip(a, b, 1, 'k-1'),
      tip(a, b, 5, 'done-cause'),
      { ...tip(a, b, 5, 'another-cause'), idempotencyKey: 'key-1' },
      tip(a, b, 1, 'k-2'),
    ]);

    expect(batches.some((batch) => batch.posts > 1 && batch.committed)).toBe(true);
    expect(batches.every((batch) => batch.committed)).toBe(true);
    expect(results[2]).toEqual({ ...byCause, replayed: true });
    expect(results[3]).toEqual({ ...byKey, replayed: true });
    for (const i of [0, 1, 4]) expect(results[i]).toMatchObject({ replayed: false });
    expect(await balanceOf(env.DB, acct(a))).toBe(87 * COIN_UNIT);
    expect(await verifyLedgerChain(await chain())).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it("refuses only the post whose guard finds no row; the group's other posts commit", async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches } = watchedDb();
    const inputs = Array.from({ length: 6 }, (_, i) => ({
      ...tip(a, b, 1, `guard-${i}`),
      guards: [guardStatement('SELECT 1 FROM users WHERE id = ?1', i === 2 ? 'nobody' : a)],
    }));
    const results = await postAll(db, inputs);

    // A guard adds one statement per post: these batches hold 10 each.
    expect(batches.some((batch) => batch.posts > 1 && !batch.committed)).toBe(true);
    expect(results[2]).toMatchObject({ error: { code: 'precondition_failed' } });
    for (const i of [0, 1, 3, 4, 5]) expect(results[i]).toMatchObject({ replayed: false });
    expect(await balanceOf(env.DB, acct(a))).toBe(95 * COIN_UNIT);
    expect(await verifyLedgerChain(await chain())).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it('commits every post of a group whose seq another isolate took between head read and batch', async () => {
    const [a, b, c] = await usersFunded(3, 100);
    if (!a || !b || !c) throw new Error('no users');
    let intruder: PostResult | undefined;
    // Another isolate's writer (no queue shared with ours) commits on the head the group read.
    const { db, batches } = watchedDb(async () => {
      intruder = await postTransactionUnqueued(env.DB, tip(c, a, 7, 'other-isolate'));
    });
    const results = await postAll(
      db,
      Array.from({ length: 6 }, (_, i) => tip(a, b, 1, `r-${i}`)),
    );

    expect(intruder).toMatchObject({ replayed: false });
    expect(batches.some((batch) => batch.posts > 1 && !batch.committed)).toBe(true);
    for (const result of results) expect(result).toMatchObject({ replayed: false });
    const seqs = [intruder?.seq, ...results.map((result) => ('seq' in result ? result.seq : 0))];
    expect(new Set(seqs).size).toBe(7);
    expect(await balanceOf(env.DB, acct(a))).toBe(101 * COIN_UNIT);
    expect(await balanceOf(env.DB, acct(b))).toBe(106 * COIN_UNIT);
    expect(await verifyLedgerChain(await chain())).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { isHealthy, verifyLedgerChain } from '../../schema/ledger';
import { sql } from '../../worker/lib/sql';
import { readLedgerSnapshot } from '../../worker/money/audit-read';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { guardStatement } from '../../worker/money/ledger-queries';
import {
  type PostInput,
  type PostResult,
  type PostTransactionInput,
  postTransaction,
  postTransactionUnqueued,
} from '../../worker/money/post-transaction';
import { insertUser } from '../factories/content';
import { auditNow, balanceOf, fundUser, seedTreasury } from '../factories/ledger';

const acct = userLedgerAccountId;

/** A batch the ledger sent to D1: how many transactions it wrote, whether it committed. */
type SeenBatch = { posts: number; committed: boolean };

/** Marks the statements of `derivedTip` so a test can find the batch that read them. */
const DERIVED_MARK = "'derived' AS note";

/**
 * The test's D1 as postTransaction sees it, noting every batch that writes ledger transactions
 * (the group's reads are left out), so a test can tell how its posts were grouped.
 * `beforeWrite` runs once, just before the first batch that writes several transactions.
 */
const watchedDb = (beforeWrite?: () => Promise<unknown>) => {
  const db = env.DB;
  const batches: SeenBatch[] = [];
  /** Per batch that wrote no transaction, how many `derivedTip` statements it held. */
  const derivedReads: number[] = [];
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const tagged = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    sqlOf.set(statement, query);
    const bind = statement.bind.bind(statement);
    statement.bind = (...values: unknown[]) => tagged(bind(...values), query);
    return statement;
  };
  let pending = beforeWrite;
  const watched: D1Database = {
    prepare: (query) => tagged(db.prepare(query), query),
    batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
      const posts = statements.filter((statement) =>
        sqlOf.get(statement)?.includes('INSERT INTO ledger_transactions'),
      ).length;
      if (posts === 0) {
        derivedReads.push(
          statements.filter((statement) => sqlOf.get(statement)?.includes(DERIVED_MARK)).length,
        );
        return db.batch<T>(statements);
      }
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
  return { db: watched, batches, derivedReads: () => derivedReads.filter((count) => count > 0) };
};

const tip = (from: string, to: string, reel: number, causeId: string): PostTransactionInput => ({
  kind: 'tip',
  causeId,
  entries: [
    { accountId: acct(from), amount: -reel * COIN_UNIT },
    { accountId: acct(to), amount: reel * COIN_UNIT },
  ],
});

/** Every post's outcome, fired at once (within one group window). */
const postAll = (db: D1Database, inputs: readonly PostInput[]) =>
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

/** A tip whose entries the writer reads: rows of literal values, as a table would answer them. */
const derivedTip = (rows: readonly (readonly [string, number])[], causeId: string): PostInput => ({
  kind: 'tip',
  causeId,
  entriesFrom:
    rows.length === 0
      ? sql(`SELECT 1 AS account_id, 0 AS amount, ${DERIVED_MARK} WHERE 0`)
      : sql(
          rows
            .map((_, i) => `SELECT ?${2 * i + 1} AS account_id, ?${2 * i + 2} AS amount, ${DERIVED_MARK}`)
            .join(' UNION ALL '),
          ...rows.flat(),
        ),
});

describe('ledger group commit', () => {
  it('reads the entries of derived posts for the whole group, and refuses alone one with no rows or unbalanced ones', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches, derivedReads } = watchedDb();
    const results = await postAll(db, [
      tip(a, b, 1, 'r-0'),
      derivedTip(
        [
          [acct(a), -2 * COIN_UNIT],
          [acct(b), 2 * COIN_UNIT],
        ],
        'r-1',
      ),
      derivedTip([], 'r-2'),
      derivedTip(
        [
          [acct(a), -3 * COIN_UNIT],
          [acct(b), 2 * COIN_UNIT],
        ],
        'r-3',
      ),
      derivedTip(
        [
          [acct(b), -4 * COIN_UNIT],
          [acct(a), 4 * COIN_UNIT],
        ],
        'r-4',
      ),
    ]);

    // The four derived posts' entries are read in one batch; the three that can commit do so in one
    // batch, and the refused ones wrote nothing.
    expect(derivedReads()).toEqual([4]);
    expect(batches).toEqual([{ posts: 3, committed: true }]);
    expect(results[1]).toMatchObject({
      causeId: 'r-1',
      replayed: false,
      read: [{ note: 'derived' }, { note: 'derived' }],
    });
    expect(results[2]).toMatchObject({ error: { code: 'precondition_failed' } });
    expect(results[3]).toMatchObject({ error: { code: 'unbalanced' } });
    expect(results[4]).toMatchObject({ causeId: 'r-4', replayed: false });
    expect(await balanceOf(env.DB, acct(a))).toBe(101 * COIN_UNIT);
    expect(await balanceOf(env.DB, acct(b))).toBe(99 * COIN_UNIT);
    expect(await verifyLedgerChain(await chain())).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it('groups the posts made in one synchronous run even when the run outlasts the window', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches } = watchedDb();
    // A busy isolate: the clock moves 10 ms between one post and the next, twice the group window.
    // (In a CI run on 2 cores under load, this file's first test saw its five posts split in two groups.)
    let clock = Date.now();
    const now = vi.spyOn(Date, 'now').mockImplementation(() => {
      clock += 10;
      return clock;
    });
    const posting = postAll(db, [tip(a, b, 1, 's-0'), tip(a, b, 2, 's-1'), tip(a, b, 3, 's-2')]);
    now.mockRestore();
    const results = await posting;

    expect(batches).toEqual([{ posts: 3, committed: true }]);
    expect(results.map((result) => ('seq' in result ? result.causeId : result))).toEqual([
      's-0',
      's-1',
      's-2',
    ]);
  });

  it('commits queued posts in one batch whose chained hashes verify', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches } = watchedDb();
    // b spends 160 REEL of which 60 reach it earlier in the same group: the batch runs the posts
    // in queue order.
    const inputs = [
      tip(a, b, 1, 'g-0'),
      tip(a, b, 60, 'g-1'),
      ...Array.from({ length: 8 }, (_, i) => tip(b, a, 20, `g-${i + 2}`)),
    ];
    const results = await postAll(db, inputs);

    expect(batches).toEqual([{ posts: 10, committed: true }]);
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

    // The overdraft never enters the batch: the six others commit in one, which nothing fails.
    expect(batches).toEqual([{ posts: 6, committed: true }]);
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

    expect(batches).toEqual([{ posts: 5, committed: true }]);
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

    expect(batches).toEqual([{ posts: 3, committed: true }]);
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

    expect(batches).toEqual([{ posts: 5, committed: true }]);
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

  it('commits 19 of 20 concurrent tips in one batch and refuses the overdraft alone', async () => {
    const [receiver, ...tippers] = await usersFunded(21, 10);
    if (!receiver) throw new Error('no users');
    const { db, batches } = watchedDb();
    const results = await postAll(
      db,
      tippers.map((tipper, i) => tip(tipper, receiver, i === 12 ? 11 : 10, `twenty-${i}`)),
    );

    expect(batches).toEqual([{ posts: 19, committed: true }]);
    for (const [i, result] of results.entries()) {
      if (i === 12) expect(result).toMatchObject({ error: { code: 'insufficient_balance' } });
      else expect(result).toMatchObject({ causeId: `twenty-${i}`, replayed: false });
    }
    for (const [i, tipper] of tippers.entries())
      expect(await balanceOf(env.DB, acct(tipper))).toBe(i === 12 ? 10 * COIN_UNIT : 0);
    expect(await balanceOf(env.DB, acct(receiver))).toBe(200 * COIN_UNIT);
    expect(await verifyLedgerChain(await chain())).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it('makes one transaction of concurrent posts sharing an idempotency key; all answer it', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const { db, batches } = watchedDb();
    const results = await postAll(db, [
      tip(a, b, 1, 'other-0'),
      ...Array.from({ length: 8 }, (_, i) => ({ ...tip(a, b, 3, `same-key-${i}`), idempotencyKey: 'k' })),
      tip(a, b, 1, 'other-1'),
    ]);

    expect(batches).toEqual([{ posts: 3, committed: true }]);
    const first = results[1];
    if (!first || !('id' in first)) throw new Error('the first keyed post was refused');
    expect(first).toMatchObject({ causeId: 'same-key-0', replayed: false });
    for (const repeat of results.slice(2, 9)) expect(repeat).toEqual({ ...first, replayed: true });
    expect(await balanceOf(env.DB, acct(a))).toBe(95 * COIN_UNIT);
    const keyed = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM ledger_transactions WHERE idempotency_key = 'k'",
    ).first<{ n: number }>();
    expect(keyed?.n).toBe(1);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });

  it('writes nothing of a group whose guarded row went after its read; each post then answers alone', async () => {
    const [a, b] = await usersFunded(2, 100);
    if (!a || !b) throw new Error('no users');
    const flag = `platform:flag-${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO ledger_accounts (id, user_id, created_at) VALUES (?1, NULL, 'now')")
      .bind(flag)
      .run();
    const { db, batches } = watchedDb(() =>
      env.DB.prepare('DELETE FROM ledger_accounts WHERE id = ?1').bind(flag).run(),
    );
    const results = await postAll(
      db,
      Array.from({ length: 5 }, (_, i) => ({
        ...tip(a, b, 1, `flag-${i}`),
        guards: i === 1 ? [guardStatement('SELECT 1 FROM ledger_accounts WHERE id = ?1', flag)] : [],
      })),
    );

    // The group's batch fails whole; then each post alone, the guarded one's batch failing again.
    expect(batches.map((batch) => `${batch.posts}:${batch.committed}`)).toEqual([
      '5:false',
      '1:true',
      '1:false',
      '1:true',
      '1:true',
      '1:true',
    ]);
    expect(results[1]).toMatchObject({ error: { code: 'precondition_failed' } });
    for (const i of [0, 2, 3, 4]) expect(results[i]).toMatchObject({ replayed: false });
    expect(await balanceOf(env.DB, acct(a))).toBe(96 * COIN_UNIT);
    expect(await verifyLedgerChain(await chain())).toEqual([]);
    expect(isHealthy(await auditNow(env.DB))).toBe(true);
  });
});

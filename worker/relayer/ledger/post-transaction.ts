import { hashLedgerTransaction, isBalanced, type LedgerEntry } from '../../../schema/ledger';
import { newId } from '../../lib/ids';
import type { SqlStatement } from '../../lib/sql';
import {
  getLedgerHead,
  getTransactionByCause,
  getTransactionByIdempotencyKey,
  getTransactionsByCausesOrKeys,
  type LedgerKind,
  type PostedTransaction,
  transactionStatements,
} from './queries';

export type LedgerErrorCode = 'unbalanced' | 'insufficient_balance' | 'precondition_failed' | 'contention';

/** A refused ledger post; callers map it to their own answer (never a 500 for a user's mistake). */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

export type PostTransactionInput = {
  kind: LedgerKind;
  causeId: string;
  idempotencyKey?: string;
  entries: readonly LedgerEntry[];
  /** `guardStatement`s: the post fails whole ('precondition_failed') when one finds no row. */
  guards?: readonly SqlStatement[];
  /** Statements written in the same batch, after the balances (e.g. the cause's new status). */
  alsoRun?: readonly SqlStatement[];
};

export type PostResult = PostedTransaction & { replayed: boolean };

const MAX_ATTEMPTS = 8;

/** Most queued posts one group batch commits (about a dozen statements each). */
const GROUP_SIZE = 32;

const messageOf = (error: unknown) =>
  error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';

const existing = async (db: D1Database, input: PostTransactionInput) =>
  (input.idempotencyKey ? await getTransactionByIdempotencyKey(db, input.idempotencyKey) : null) ??
  (await getTransactionByCause(db, input.kind, input.causeId));

type Head = { seq: number; hash: string };
type Built = PostedTransaction & { prevHash: string; entries: readonly LedgerEntry[] };

/** The transaction `input` becomes on top of `head`: next seq, chained hash. */
const build = async (input: PostTransactionInput, head: Head, createdAt: string): Promise<Built> => {
  const content = {
    seq: head.seq + 1,
    kind: input.kind,
    causeId: input.causeId,
    entries: input.entries,
    createdAt,
    prevHash: head.hash,
  };
  return { ...content, id: newId(), hash: await hashLedgerTransaction(content) };
};

const statementsOf = (db: D1Database, input: PostTransactionInput, tx: Built) =>
  transactionStatements(
    db,
    { ...tx, idempotencyKey: input.idempotencyKey ?? null },
    input.guards ?? [],
    input.alsoRun ?? [],
  );

const posted = (tx: Built): PostResult => ({
  id: tx.id,
  seq: tx.seq,
  kind: tx.kind,
  causeId: tx.causeId,
  hash: tx.hash,
  createdAt: tx.createdAt,
  replayed: false,
});

const attempt = async (db: D1Database, input: PostTransactionInput): Promise<PostResult | 'retry'> => {
  const tx = await build(input, await getLedgerHead(db), new Date().toISOString());
  try {
    await db.batch(statementsOf(db, input, tx));
    return posted(tx);
  } catch (error) {
    const text = messageOf(error);
    if (text.includes('CHECK constraint failed')) {
      throw new LedgerError('insufficient_balance', 'Insufficient balance');
    }
    if (text.includes('NOT NULL constraint failed')) {
      // A racing post of the same cause may be what changed the guarded row: answer it.
      const first = await existing(db, input);
      if (first) return { ...first, replayed: true };
      throw new LedgerError('precondition_failed', 'The cause of this transaction is no longer valid');
    }
    if (text.includes('UNIQUE constraint failed')) {
      // Same cause or key posted meanwhile: answer it. Otherwise another writer took our seq.
      const first = await existing(db, input);
      if (first) return { ...first, replayed: true };
      return 'retry';
    }
    throw error;
  }
};

const postWithRetries = async (db: D1Database, input: PostTransactionInput): Promise<PostResult> => {
  for (let tries = 0; tries < MAX_ATTEMPTS; tries++) {
    const result = await attempt(db, input);
    if (result !== 'retry') return result;
    // Another writer took our seq: back off a little (jittered) and build on the new head.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (tries + 1)));
  }
  throw new LedgerError('contention', 'The ledger is busy; try again');
};

/** A queued post. A group sets `result` when it committed the post, `alone` when it could not. */
type Waiter = { db: D1Database; input: PostTransactionInput; result?: PostResult; alone?: boolean };

/**
 * How many posts the next group may take: halves after a failed group (whose posts then each
 * cost a batch more, alone) and doubles back after a committed one, so a burst of refusals
 * (overdrafts, replays) shrinks groups towards pairs instead of failing large ones.
 */
let groupLimit = GROUP_SIZE;

/** Posts queued in this writer whose turn has not come and that no group has taken yet, in order. */
const waiting: Waiter[] = [];

/**
 * `leader` and the waiters queued right after it on the same database, up to `groupLimit`, taken
 * out of the queue: each later one's own turn then only answers what the group did.
 */
const takeGroup = (leader: Waiter) => {
  const start = waiting.indexOf(leader);
  let end = start + 1;
  while (end < waiting.length && end - start < groupLimit && waiting[end]?.db === leader.db) end++;
  return waiting.splice(start, end - start);
};

/**
 * Answers the group's posts already posted (same idempotency key, else same kind and cause) as
 * replays, as `existing` would one by one but in one read, and returns the others.
 */
const withoutReplays = async (db: D1Database, group: readonly Waiter[]) => {
  const found = await getTransactionsByCausesOrKeys(
    db,
    group.map((waiter) => waiter.input),
    group.flatMap((waiter) => (waiter.input.idempotencyKey ? [waiter.input.idempotencyKey] : [])),
  );
  return group.filter((waiter) => {
    const { kind, causeId, idempotencyKey } = waiter.input;
    const first =
      (idempotencyKey ? found.find((tx) => tx.idempotencyKey === idempotencyKey) : undefined) ??
      found.find((tx) => tx.posted.kind === kind && tx.posted.causeId === causeId);
    if (first) waiter.result = { ...first.posted, replayed: true };
    return !first;
  });
};

/**
 * Commits the group in one batch from one head read: consecutive seqs, each hash chained on the
 * previous post's, each post's guards, rows, balances and alsoRun in queue order, so the batch
 * means what the posts one after another would. D1 batches are atomic: if any post's statement
 * fails (overdraft, replay, guard, a seq another writer took) nothing is written, and every post
 * commits by itself on its own turn instead, getting its own outcome.
 */
const commitGroup = async (db: D1Database, group: readonly Waiter[]) => {
  let fresh = group;
  try {
    fresh = await withoutReplays(db, group);
    if (fresh.length === 0) return;
    const createdAt = new Date().toISOString();
    const built: Built[] = [];
    let head: Head = await getLedgerHead(db);
    for (const waiter of fresh) {
      const tx = await build(waiter.input, head, createdAt);
      built.push(tx);
      head = tx;
    }
    await db.batch(fresh.flatMap((waiter, i) => statementsOf(db, waiter.input, built[i] as Built)));
    for (const [i, waiter] of fresh.entries()) waiter.result = posted(built[i] as Built);
    groupLimit = Math.min(GROUP_SIZE, groupLimit * 2);
  } catch {
    for (const waiter of fresh) waiter.alone = true;
    groupLimit = Math.max(2, Math.floor(groupLimit / 2));
  }
};

/**
 * One post's turn in the writer's queue: answered by an earlier group, leading a group, or alone
 * (a post with nobody queued behind it, or one whose group failed) exactly as without groups.
 */
const turn = async (waiter: Waiter): Promise<PostResult> => {
  const { db, input } = waiter;
  if (!waiter.alone && !waiter.result) {
    const group = takeGroup(waiter);
    if (group.length === 1) return (await replayOf(db, input)) ?? postWithRetries(db, input);
    await commitGroup(db, group);
  }
  return waiter.result ?? postWithRetries(db, input);
};

/**
 * Writers queue: posts here never race each other for a seq. This runs inside the one ledger writer
 * (ledger-writer.ts), so every turn and every group's reads and batch belong to that object, never
 * to one request: a caller that goes away cannot stall the posts queued behind its own. Another
 * writer (a test staging a race, a second object during a failover) still can race; the UNIQUE(seq)
 * makes the loser fail and it retries on the new head.
 */
let queue: Promise<unknown> = Promise.resolve();
const queued = (db: D1Database, input: PostTransactionInput): Promise<PostResult> => {
  const waiter: Waiter = { db, input };
  waiting.push(waiter);
  const run = queue.then(
    () => turn(waiter),
    () => turn(waiter),
  );
  queue = run.catch(() => undefined);
  return run;
};

const assertBalanced = (input: PostTransactionInput) => {
  if (!isBalanced(input.entries)) {
    throw new LedgerError(
      'unbalanced',
      'Ledger entries must be non-zero integers on distinct accounts summing to 0',
    );
  }
};

const replayOf = async (db: D1Database, input: PostTransactionInput): Promise<PostResult | null> => {
  const first = await existing(db, input);
  return first ? { ...first, replayed: true } : null;
};

/**
 * Posts one balanced ledger transaction: its row, entries and balance changes in one D1 batch,
 * chained by hash to the previous one. Request code never calls this: it posts through
 * `ledgerFor(env)`, which runs this inside the ledger writer. A replay (same idempotency key, or same kind and cause)
 * answers the first result and moves nothing. Posts that queued meanwhile in this writer commit
 * together in one batch (see `commitGroup`) with the same outcomes as one after another.
 */
export const postTransaction = async (db: D1Database, input: PostTransactionInput): Promise<PostResult> => {
  assertBalanced(input);
  return queued(db, input);
};

/** `postTransaction` without the queue, as a second writer would race: for tests. */
export const postTransactionUnqueued = async (
  db: D1Database,
  input: PostTransactionInput,
): Promise<PostResult> => {
  assertBalanced(input);
  return (await replayOf(db, input)) ?? postWithRetries(db, input);
};

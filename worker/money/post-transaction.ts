import { hashLedgerTransaction, isBalanced, type LedgerEntry } from '../../schema/ledger';
import { newId } from '../lib/ids';
import { prepare, type SqlStatement, type SqlValue } from '../lib/sql';
import { type Decision, decideGroup, readGroupState } from './group-commit';
import {
  type Guard,
  getLedgerHead,
  getTransactionByCause,
  getTransactionByIdempotencyKey,
  type LedgerKind,
  type PostedTransaction,
  transactionStatements,
} from './ledger-queries';

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
  /** `guardStatement`s: the post is refused ('precondition_failed') when one finds no row. */
  guards?: readonly Guard[];
  /** Statements written in the same batch, after the balances (e.g. the cause's new status). */
  alsoRun?: readonly SqlStatement[];
};

/**
 * A post whose entries the writer reads itself, in one batch with the other such posts of its group,
 * so the request that posts it needs no read of its own. `entriesFrom` answers one row per entry
 * (`account_id`, `amount`); no row refuses the post ('precondition_failed'), so its WHERE also says
 * who may move it. Its other columns come back in the result's `read`.
 */
export type DerivedPostInput = Omit<PostTransactionInput, 'entries'> & { entriesFrom: SqlStatement };

/** What the ledger takes: a post with its entries, or one whose entries the writer reads. */
export type PostInput = PostTransactionInput | DerivedPostInput;

export type PostResult = PostedTransaction & {
  replayed: boolean;
  /** For a `DerivedPostInput`: the rows its `entriesFrom` read. */
  read?: readonly Record<string, SqlValue>[];
};

const MAX_ATTEMPTS = 8;

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

const statementsOf = (db: D1Database, input: PostTransactionInput, tx: Built, opened?: ReadonlySet<string>) =>
  transactionStatements(
    db,
    { ...tx, idempotencyKey: input.idempotencyKey ?? null },
    input.guards ?? [],
    input.alsoRun ?? [],
    opened,
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

const replayOf = async (db: D1Database, input: PostTransactionInput): Promise<PostResult | null> => {
  const first = await existing(db, input);
  return first ? { ...first, replayed: true } : null;
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

/** Longest a post waits for others to share its group's batch. */
const GROUP_WINDOW_MS = 5;

/** Most posts one group batch commits (a tip is 5 statements once its accounts exist: ~250). */
const GROUP_MAX = 50;

/** A post waiting in the writer, with its own caller's resolvers: groups settle each one by itself. */
type Queued = {
  input: PostInput;
  arrived: number;
  resolve: (result: PostResult) => void;
  reject: (error: unknown) => void;
};

const REFUSALS = {
  insufficient_balance: 'Insufficient balance',
  precondition_failed: 'The cause of this transaction is no longer valid',
} as const;

const UNBALANCED = 'Ledger entries must be non-zero integers on distinct accounts summing to 0';

/** A queued post with its entries known. */
type Waiter = Queued & { input: PostTransactionInput };

const isDerived = (input: PostInput): input is DerivedPostInput => 'entriesFrom' in input;

/** Entries as `entriesFrom` rows give them; null when a row is not an entry. */
const entriesOfRows = (rows: readonly Record<string, SqlValue>[]): LedgerEntry[] | null => {
  const entries = rows.map((row) => ({ accountId: row.account_id, amount: row.amount }));
  return entries.every((entry) => typeof entry.accountId === 'string' && Number.isSafeInteger(entry.amount))
    ? (entries as LedgerEntry[])
    : null;
};

/**
 * The group with every derived post's entries read, in ONE batch for the whole group; a post whose
 * statement found no row, or whose rows do not balance, is refused here and leaves the group. Should
 * that read fail, its posts fail with it and the others go on.
 */
const resolveEntries = async (db: D1Database, group: readonly Queued[]): Promise<Waiter[]> => {
  const derived = group.filter((waiter) => isDerived(waiter.input));
  if (derived.length === 0) return group as Waiter[];
  let reads: D1Result[];
  try {
    reads = await db.batch(
      derived.map((waiter) => prepare(db, (waiter.input as DerivedPostInput).entriesFrom)),
    );
  } catch (error) {
    for (const waiter of derived) waiter.reject(error);
    return group.filter((waiter) => !isDerived(waiter.input)) as Waiter[];
  }
  const rowsOf = new Map(
    derived.map((waiter, i) => [waiter, (reads[i]?.results ?? []) as Record<string, SqlValue>[]]),
  );
  return group.flatMap((waiter): Waiter[] => {
    const { input } = waiter;
    if (!isDerived(input)) return [waiter as Waiter];
    const rows = rowsOf.get(waiter) ?? [];
    const entries = entriesOfRows(rows);
    if (rows.length === 0) {
      waiter.reject(new LedgerError('precondition_failed', REFUSALS.precondition_failed));
      return [];
    }
    if (!entries || !isBalanced(entries)) {
      waiter.reject(new LedgerError('unbalanced', UNBALANCED));
      return [];
    }
    const { entriesFrom: _read, ...rest } = input;
    return [
      {
        ...waiter,
        input: { ...rest, entries },
        resolve: (result) => waiter.resolve({ ...result, read: rows }),
      },
    ];
  });
};

/** Each post of the group by itself, in queue order: the path when a group's read or batch failed. */
const commitEachAlone = async (db: D1Database, group: readonly Waiter[]) => {
  for (const waiter of group) {
    try {
      waiter.resolve((await replayOf(db, waiter.input)) ?? (await postWithRetries(db, waiter.input)));
    } catch (error) {
      waiter.reject(error);
    }
  }
};

/**
 * Commits a group: one read (head, earlier transactions, balances, guards; `readGroupState`), the
 * decisions of `decideGroup`, then ONE `db.batch` holding only the posts that commit, with
 * consecutive seqs and each hash chained on the previous one. A refused or replayed post is never
 * in the batch, so it writes nothing and cannot fail the others. The batch keeps every post's
 * guards and the balances' CHECK: should one still fail (a guarded row changed after the read, a
 * second writer took the seq, a D1 error), nothing of the group is written (D1 batches are atomic)
 * and each post commits alone instead, getting its own answer. Never throws: every waiter is
 * settled through its own resolvers.
 */
const commitGroup = async (db: D1Database, queued: readonly Queued[]) => {
  const group = await resolveEntries(db, queued);
  if (group.length === 0) return;
  const inputs = group.map((waiter) => waiter.input);
  const built: (Built | undefined)[] = [];
  let decisions: Decision[];
  try {
    const state = await readGroupState(db, inputs);
    decisions = decideGroup(inputs, state);
    const createdAt = new Date().toISOString();
    let head: Head = state.head;
    for (const [i, decision] of decisions.entries()) {
      if (decision.to !== 'commit') continue;
      const tx = await build(inputs[i] as PostTransactionInput, head, createdAt);
      built[i] = tx;
      head = tx;
    }
    // Accounts with a balance exist; each later post of the batch finds those the earlier opened.
    const opened = new Set(state.balances.keys());
    const statements = inputs.flatMap((input, i) => {
      const tx = built[i];
      if (!tx) return [];
      const own = statementsOf(db, input, tx, opened);
      for (const entry of input.entries) opened.add(entry.accountId);
      return own;
    });
    if (statements.length > 0) await db.batch(statements);
  } catch {
    await commitEachAlone(db, group);
    return;
  }
  for (const [i, waiter] of group.entries()) {
    const decision = decisions[i] as Decision;
    const tx = built[i];
    if (tx) waiter.resolve(posted(tx));
    else if (decision.to === 'replay') waiter.resolve({ ...decision.of, replayed: true });
    else if (decision.to === 'replay-in-group')
      waiter.resolve({ ...posted(built[decision.of] as Built), replayed: true });
    else if (decision.to === 'refuse') waiter.reject(new LedgerError(decision.code, REFUSALS[decision.code]));
  }
};

/**
 * One database's writer queue. Posts wait here for at most `GROUP_WINDOW_MS` (less once
 * `GROUP_MAX` are waiting) and then commit together; one group commits at a time, so posts never
 * race each other for a seq, and the posts that arrive meanwhile form the next group. Each caller
 * holds only its own promise: no post's answer is chained behind another post's.
 */
class GroupWriter {
  private readonly waiting: Queued[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private committing = false;

  constructor(private readonly db: D1Database) {}

  post(input: PostInput): Promise<PostResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, arrived: Date.now(), resolve, reject });
      this.wake();
    });
  }

  /**
   * Starts the next group when it is full or its oldest post has waited the window: once the
   * running code has returned, so that every post it makes joins, however long it ran (a busy
   * isolate's clock can pass the window between two posts of one loop).
   */
  private wake() {
    const oldest = this.waiting[0];
    if (this.committing || !oldest) return;
    const wait = oldest.arrived + GROUP_WINDOW_MS - Date.now();
    if (this.waiting.length >= GROUP_MAX || wait <= 0) {
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.timer = undefined;
      this.committing = true;
      queueMicrotask(() => void this.commitNext());
    } else {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.wake();
      }, wait);
    }
  }

  private async commitNext() {
    await commitGroup(this.db, this.waiting.splice(0, GROUP_MAX));
    this.committing = false;
    this.wake();
  }
}

/**
 * The writer of each database in this isolate. Inside the ledger writer object (ledger-writer.ts)
 * that is the platform's one writer, so every group's reads and batch belong to that object, never
 * to one request. Another writer (a test staging a race, a second object during a failover) still
 * can race: its UNIQUE(seq) loser fails whole and commits alone on the new head.
 */
const writers = new WeakMap<D1Database, GroupWriter>();
const writerFor = (db: D1Database) => {
  let writer = writers.get(db);
  if (!writer) {
    writer = new GroupWriter(db);
    writers.set(db, writer);
  }
  return writer;
};

const assertBalanced = (input: PostTransactionInput) => {
  if (!isBalanced(input.entries)) throw new LedgerError('unbalanced', UNBALANCED);
};

/**
 * Posts one balanced ledger transaction: its row, entries and balance changes, chained by hash to
 * the previous one, committed in one D1 batch with the other posts of its group (`commitGroup`),
 * with the same outcome as one after another. Request code never calls this: it posts through
 * `ledgerFor(env)`, which runs this inside the ledger writer. A replay (same idempotency key, or
 * same kind and cause) answers the first result and moves nothing.
 */
export const postTransaction = async (db: D1Database, input: PostInput): Promise<PostResult> => {
  if (!isDerived(input)) assertBalanced(input);
  return writerFor(db).post(input);
};

/** `postTransaction` without the queue, as a second writer would race: for tests. */
export const postTransactionUnqueued = async (
  db: D1Database,
  input: PostTransactionInput,
): Promise<PostResult> => {
  assertBalanced(input);
  return (await replayOf(db, input)) ?? postWithRetries(db, input);
};

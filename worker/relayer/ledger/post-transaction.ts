import { hashLedgerTransaction, isBalanced, type LedgerEntry } from '../../../schema/ledger';
import { newId } from '../../lib/ids';
import {
  getLedgerHead,
  getTransactionByCause,
  getTransactionByIdempotencyKey,
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
  guards?: readonly D1PreparedStatement[];
  /** Statements written in the same batch, after the balances (e.g. the cause's new status). */
  alsoRun?: readonly D1PreparedStatement[];
};

export type PostResult = PostedTransaction & { replayed: boolean };

const MAX_ATTEMPTS = 8;

const messageOf = (error: unknown) =>
  error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';

/**
 * Writers queue per isolate: posts in one isolate never race each other for a seq. Posts from
 * other isolates still can; the UNIQUE(seq) makes the loser fail and it retries on the new head.
 */
let queue: Promise<unknown> = Promise.resolve();
const serialized = <T>(work: () => Promise<T>): Promise<T> => {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
};

const existing = async (db: D1Database, input: PostTransactionInput) =>
  (input.idempotencyKey ? await getTransactionByIdempotencyKey(db, input.idempotencyKey) : null) ??
  (await getTransactionByCause(db, input.kind, input.causeId));

const attempt = async (db: D1Database, input: PostTransactionInput): Promise<PostResult | 'retry'> => {
  const head = await getLedgerHead(db);
  const content = {
    seq: head.seq + 1,
    kind: input.kind,
    causeId: input.causeId,
    entries: input.entries,
    createdAt: new Date().toISOString(),
    prevHash: head.hash,
  };
  const tx = { ...content, id: newId(), hash: await hashLedgerTransaction(content) };
  try {
    await db.batch(
      transactionStatements(
        db,
        { ...tx, idempotencyKey: input.idempotencyKey ?? null },
        input.guards ?? [],
        input.alsoRun ?? [],
      ),
    );
    return {
      id: tx.id,
      seq: tx.seq,
      kind: tx.kind,
      causeId: tx.causeId,
      hash: tx.hash,
      createdAt: tx.createdAt,
      replayed: false,
    };
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

const checked = async (db: D1Database, input: PostTransactionInput) => {
  if (!isBalanced(input.entries)) {
    throw new LedgerError(
      'unbalanced',
      'Ledger entries must be non-zero integers on distinct accounts summing to 0',
    );
  }
  const first = await existing(db, input);
  return first ? { ...first, replayed: true } : null;
};

/**
 * Posts one balanced ledger transaction: its row, entries and balance changes in one D1 batch,
 * chained by hash to the previous one. A replay (same idempotency key, or same kind and cause)
 * answers the first result and moves nothing.
 */
export const postTransaction = async (db: D1Database, input: PostTransactionInput): Promise<PostResult> =>
  (await checked(db, input)) ?? serialized(() => postWithRetries(db, input));

/** `postTransaction` without the isolate's queue, as a writer in another isolate races: for tests. */
export const postTransactionUnqueued = async (
  db: D1Database,
  input: PostTransactionInput,
): Promise<PostResult> => (await checked(db, input)) ?? postWithRetries(db, input);

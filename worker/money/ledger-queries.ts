import type { LedgerEntry } from '../../schema/ledger';
import { GENESIS_HASH } from '../../schema/ledger';
import { prepare, type SqlStatement, type SqlValue, sql } from '../lib/sql';

/** SQL of the REEL ledger (DESIGN.md §5). */

export type LedgerKind = 'deposit' | 'tip' | 'withdraw' | 'withdraw_reversal' | 'fee' | 'reward';

export type PostedTransaction = {
  id: string;
  seq: number;
  kind: LedgerKind;
  causeId: string;
  hash: string;
  createdAt: string;
};

type TransactionRow = {
  id: string;
  seq: number;
  kind: LedgerKind;
  cause_id: string;
  hash: string;
  created_at: string;
};

const COLUMNS = 'id, seq, kind, cause_id, hash, created_at';

const toPosted = (row: TransactionRow): PostedTransaction => ({
  id: row.id,
  seq: row.seq,
  kind: row.kind,
  causeId: row.cause_id,
  hash: row.hash,
  createdAt: row.created_at,
});

export const headStatement = (db: D1Database) =>
  db.prepare('SELECT seq, hash FROM ledger_transactions ORDER BY seq DESC LIMIT 1');

export const getLedgerHead = async (db: D1Database) =>
  (await headStatement(db).first<{ seq: number; hash: string }>()) ?? { seq: 0, hash: GENESIS_HASH };

export const getTransactionByIdempotencyKey = async (db: D1Database, key: string) => {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM ledger_transactions WHERE idempotency_key = ?1`)
    .bind(key)
    .first<TransactionRow>();
  return row ? toPosted(row) : null;
};

export const getTransactionByCause = async (db: D1Database, kind: LedgerKind, causeId: string) => {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM ledger_transactions WHERE kind = ?1 AND cause_id = ?2`)
    .bind(kind, causeId)
    .first<TransactionRow>();
  return row ? toPosted(row) : null;
};

export type TransactionRowWithKey = TransactionRow & { idempotency_key: string | null };

export const toPostedWithKey = (row: TransactionRowWithKey) => ({
  posted: toPosted(row),
  idempotencyKey: row.idempotency_key,
});

/**
 * The transactions already posted for any of `causes` (kind and cause id) or `keys`, with their
 * idempotency key: a queued group's replay check in one read.
 */
export const transactionsByCausesOrKeysStatement = (
  db: D1Database,
  causes: readonly { kind: LedgerKind; causeId: string }[],
  keys: readonly string[],
) =>
  db
    .prepare(
      `SELECT ${COLUMNS}, idempotency_key FROM ledger_transactions
       WHERE (kind, cause_id) IN (SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each(?1))
       UNION
       SELECT ${COLUMNS}, idempotency_key FROM ledger_transactions
       WHERE idempotency_key IN (SELECT value FROM json_each(?2))`,
    )
    .bind(JSON.stringify(causes.map((cause) => [cause.kind, cause.causeId])), JSON.stringify(keys));

/** The balances of `accounts` that exist (an account not opened yet holds 0). */
export const balancesStatement = (db: D1Database, accounts: readonly string[]) =>
  db
    .prepare('SELECT account_id, amount FROM balances WHERE account_id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(accounts));

/** 'user:<id>' accounts belong to a user (the foreign key refuses unknown users). */
const ownerOf = (accountId: string) => (accountId.startsWith('user:') ? accountId.slice(5) : null);

/**
 * The statements of one ledger transaction: the caller's guards, open the accounts not in `opened`
 * (those the writer read a balance of, or an earlier post of its batch opened), the transaction
 * row (its UNIQUE seq loses a race), its entries, the balance updates, whose CHECK (amount >= 0)
 * fails the whole batch on an overdraft, then `alsoRun`. Entries and balances are one statement
 * each (the entries as a JSON parameter), so a tip costs five statements once its accounts exist.
 */
export const transactionStatements = (
  db: D1Database,
  tx: PostedTransaction & {
    prevHash: string;
    idempotencyKey: string | null;
    entries: readonly LedgerEntry[];
  },
  guards: readonly Guard[],
  alsoRun: readonly SqlStatement[],
  opened: ReadonlySet<string> = new Set(),
) => {
  const toOpen = tx.entries.filter((entry) => !opened.has(entry.accountId));
  const entries = JSON.stringify(tx.entries.map((entry) => [entry.accountId, entry.amount]));
  return [
    ...guards.map((guard) => prepare(db, guardWrite(guard))),
    ...(toOpen.length === 0
      ? []
      : [
          db
            .prepare(
              `INSERT OR IGNORE INTO ledger_accounts (id, user_id, created_at)
               SELECT value ->> '$[0]', value ->> '$[1]', ?2 FROM json_each(?1)`,
            )
            .bind(
              JSON.stringify(toOpen.map((entry) => [entry.accountId, ownerOf(entry.accountId)])),
              tx.createdAt,
            ),
          db
            .prepare('INSERT OR IGNORE INTO balances (account_id, amount) SELECT value, 0 FROM json_each(?1)')
            .bind(JSON.stringify(toOpen.map((entry) => entry.accountId))),
        ]),
    db
      .prepare(
        `INSERT INTO ledger_transactions (id, seq, kind, cause_id, idempotency_key, prev_hash, hash, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
      )
      .bind(tx.id, tx.seq, tx.kind, tx.causeId, tx.idempotencyKey, tx.prevHash, tx.hash, tx.createdAt),
    db
      .prepare(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount)
         SELECT ?1, value ->> '$[0]', value ->> '$[1]' FROM json_each(?2)`,
      )
      .bind(tx.id, entries),
    db
      .prepare(
        `UPDATE balances
         SET amount = amount + (SELECT value ->> '$[1]' FROM json_each(?1) WHERE value ->> '$[0]' = account_id)
         WHERE account_id IN (SELECT value ->> '$[0]' FROM json_each(?1))`,
      )
      .bind(entries),
    ...alsoRun.map((statement) => prepare(db, statement)),
  ];
};

/** A post's precondition: `exists` must find a row (e.g. "this tip is still pending or sent"). */
export type Guard = { readonly exists: SqlStatement };

/**
 * A precondition of a ledger post. The writer checks it in the group's read (a post whose guard
 * finds no row is refused and written nowhere) and again inside the batch, where `guardWrite`
 * fails the whole batch should the row have gone in between.
 */
export const guardStatement = (existsSql: string, ...params: SqlValue[]): Guard => ({
  exists: sql(existsSql, ...params),
});

/** The guard as a read: `ok` is 1 when its row exists. */
export const guardCheckStatement = (guard: Guard) =>
  sql(`SELECT EXISTS (${guard.exists.sql}) AS ok`, ...guard.exists.params);

/** The guard inside the batch: fails it (NOT NULL) unless the row exists. */
const guardWrite = (guard: Guard) =>
  sql(
    `INSERT INTO ledger_accounts (id, user_id, created_at)
     SELECT 'guard', NULL, NULL WHERE NOT EXISTS (${guard.exists.sql})`,
    ...guard.exists.params,
  );

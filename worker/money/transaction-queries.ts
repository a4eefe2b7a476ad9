import { COIN_UNIT } from '../../schema/constants';
import type { Transaction } from '../../schema/money';
import { sql } from '../lib/sql';

/**
 * SQL behind the wallet's transaction records. Rows are written only by the money flows (a
 * verified deposit credit, a withdrawal), never from a client's numbers; amounts are stored in
 * base units and octas and answered in REEL and APT as shown.
 */

type TransactionRow = {
  id: string;
  user_id: string;
  amount: number;
  type: Transaction['type'];
  tx_hash: string | null;
  user_addr: string;
  referral_code: string | null;
  price: number | null;
  status: Transaction['status'];
  reason: string | null;
  created_at: string;
};

export type TransactionRecord = Transaction & { amountUnits: number };

const COLUMNS =
  'id, user_id, amount, type, tx_hash, user_addr, referral_code, price, status, created_at, reason';

const toTransaction = (row: TransactionRow): TransactionRecord => ({
  id: row.id,
  userId: row.user_id,
  amount: row.amount / COIN_UNIT,
  amountUnits: row.amount,
  type: row.type,
  txHash: row.tx_hash,
  userAddr: row.user_addr,
  referralCode: row.referral_code,
  price: row.price === null ? null : row.price / COIN_UNIT,
  status: row.status,
  timestamp: row.created_at,
  reason: row.reason,
});

/** Drops the internal base-unit amount before answering. */
export const publicTransaction = ({ amountUnits: _units, ...transaction }: TransactionRecord): Transaction =>
  transaction;

export type NewTransaction = {
  id: string;
  userId: string;
  amountUnits: number;
  type: 'deposit' | 'withdraw';
  txHash: string | null;
  userAddr: string;
  referralCode: string | null;
  priceOctas: number | null;
  status: Transaction['status'];
  createdAt: string;
};

/** The record of a money movement, written in the same batch as its ledger transaction. */
export const insertTransactionStatement = (tx: NewTransaction) =>
  sql(
    `INSERT INTO transactions (id, user_id, amount, type, tx_hash, user_addr, referral_code, price, status, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    tx.id,
    tx.userId,
    tx.amountUnits,
    tx.type,
    tx.txHash,
    tx.userAddr,
    tx.referralCode,
    tx.priceOctas,
    tx.status,
    tx.createdAt,
  );

/** A rejected deposit's record: 'failed', no REEL, the APT that arrived and why, in the payer's history. */
export const insertRejectedDepositRecordStatement = (
  tx: Omit<NewTransaction, 'amountUnits' | 'type' | 'status'> & { reason: string },
) =>
  sql(
    `INSERT INTO transactions (id, user_id, amount, type, tx_hash, user_addr, referral_code, price, status, reason, created_at)
     VALUES (?1, ?2, 0, 'deposit', ?3, ?4, ?5, ?6, 'failed', ?7, ?8)`,
    tx.id,
    tx.userId,
    tx.txHash,
    tx.userAddr,
    tx.referralCode,
    tx.priceOctas,
    tx.reason,
    tx.createdAt,
  );

const first = async (statement: D1PreparedStatement) => {
  const row = await statement.first<TransactionRow>();
  return row ? toTransaction(row) : null;
};

export const getTransactionById = (db: D1Database, id: string) =>
  first(db.prepare(`SELECT ${COLUMNS} FROM transactions WHERE id = ?1`).bind(id));

export const getTransactionByHash = (db: D1Database, hash: string) =>
  first(db.prepare(`SELECT ${COLUMNS} FROM transactions WHERE tx_hash = ?1`).bind(hash));

export const listUserTransactions = async (db: D1Database, userId: string, limit: number, offset: number) => {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM transactions WHERE user_id = ?1
       ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3`,
    )
    .bind(userId, limit, offset)
    .all<TransactionRow>();
  return results.map(toTransaction);
};

/** A user's totals by type, over movements that happened (not failed ones). */
export const getUserTransactionTotals = async (db: D1Database, userId: string) => {
  const { results } = await db
    .prepare(
      `SELECT type, COUNT(*) AS count, COALESCE(SUM(amount), 0) AS amount FROM transactions
       WHERE user_id = ?1 AND status IN ('completed', 'confirmed') GROUP BY type`,
    )
    .bind(userId)
    .all<{ type: Transaction['type']; count: number; amount: number }>();
  return results;
};

/** Moves status only from the expected ones; answers whether it moved. */
export const updateTransactionStatus = async (
  db: D1Database,
  id: string,
  from: readonly Transaction['status'][],
  to: Transaction['status'],
) => {
  const placeholders = from.map((_, index) => `?${index + 3}`).join(', ');
  const result = await db
    .prepare(`UPDATE transactions SET status = ?2 WHERE id = ?1 AND status IN (${placeholders})`)
    .bind(id, to, ...from)
    .run();
  return result.meta.changes > 0;
};

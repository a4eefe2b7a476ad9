import { COIN_UNIT } from '../../schema/constants';
import type { Deposit } from '../../schema/money';
import { sql } from '../lib/sql';

/** SQL behind deposits; amounts are stored in base units (REEL) and octas (APT), answered as shown. */

type DepositRow = {
  id: string;
  user_id: string;
  user_addr: string;
  amount: number;
  price: number;
  rate: number;
  tx_hash: string;
  referral_code: string | null;
  status: Deposit['status'];
  reason: string | null;
  created_at: string;
};

const COLUMNS =
  'id, user_id, user_addr, amount, price, rate, tx_hash, referral_code, status, reason, created_at';

const toDeposit = (row: DepositRow): Deposit => ({
  id: row.id,
  userId: row.user_id,
  userAddr: row.user_addr,
  amount: row.amount / COIN_UNIT,
  price: row.price / COIN_UNIT,
  rate: row.rate,
  txHash: row.tx_hash,
  referralCode: row.referral_code,
  status: row.status,
  reason: row.reason,
  createdAt: row.created_at,
});

export type NewDeposit = {
  id: string;
  userId: string;
  userAddr: string;
  amountUnits: number;
  priceOctas: number;
  rate: number;
  txHash: string;
  referralCode: string | null;
  createdAt: string;
};

/** A credited deposit, written in the same batch as its ledger credit. */
export const insertCreditedDepositStatement = (deposit: NewDeposit) =>
  sql(
    `INSERT INTO deposits (id, user_id, user_addr, amount, price, rate, tx_hash, referral_code, status, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'credited', ?9)`,
    deposit.id,
    deposit.userId,
    deposit.userAddr,
    deposit.amountUnits,
    deposit.priceOctas,
    deposit.rate,
    deposit.txHash,
    deposit.referralCode,
    deposit.createdAt,
  );

/**
 * A rejected deposit: APT that reached the platform for no package's price. No REEL is issued
 * (amount 0); `priceOctas` is what arrived, for an operator to refund. UNIQUE tx_hash keeps one.
 */
export const insertRejectedDepositStatement = (
  deposit: Omit<NewDeposit, 'amountUnits'> & { reason: string },
) =>
  sql(
    `INSERT INTO deposits (id, user_id, user_addr, amount, price, rate, tx_hash, referral_code, status, reason, created_at)
     VALUES (?1, ?2, ?3, 0, ?4, ?5, ?6, ?7, 'rejected', ?8, ?9)`,
    deposit.id,
    deposit.userId,
    deposit.userAddr,
    deposit.priceOctas,
    deposit.rate,
    deposit.txHash,
    deposit.referralCode,
    deposit.reason,
    deposit.createdAt,
  );

const first = async (statement: D1PreparedStatement) => {
  const row = await statement.first<DepositRow>();
  return row ? toDeposit(row) : null;
};

export const getDepositByHash = (db: D1Database, hash: string) =>
  first(db.prepare(`SELECT ${COLUMNS} FROM deposits WHERE tx_hash = ?1`).bind(hash));

export const getDepositById = (db: D1Database, id: string) =>
  first(db.prepare(`SELECT ${COLUMNS} FROM deposits WHERE id = ?1`).bind(id));

/** A user's deposits, newest first, optionally of some statuses (null: all). */
export const listUserDeposits = async (
  db: D1Database,
  filter: { userId: string; statuses: readonly Deposit['status'][] | null; limit: number; offset: number },
) => {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM deposits
       WHERE user_id = ?1 AND (?2 IS NULL OR status IN (SELECT value FROM json_each(?2)))
       ORDER BY created_at DESC, id DESC LIMIT ?3 OFFSET ?4`,
    )
    .bind(filter.userId, filter.statuses && JSON.stringify(filter.statuses), filter.limit, filter.offset)
    .all<DepositRow>();
  return results.map(toDeposit);
};

/** Platform-wide totals by status: counts and sums only, no one's rows. */
export const getDepositTotals = async (db: D1Database) => {
  const { results } = await db
    .prepare(
      `SELECT status, COUNT(*) AS count, COALESCE(SUM(amount), 0) AS amount, COALESCE(SUM(price), 0) AS price
       FROM deposits GROUP BY status`,
    )
    .all<{ status: Deposit['status']; count: number; amount: number; price: number }>();
  return results.map((row) => ({
    status: row.status,
    count: row.count,
    amount: row.amount / COIN_UNIT,
    price: row.price / COIN_UNIT,
  }));
};

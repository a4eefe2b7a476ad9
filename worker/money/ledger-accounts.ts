import { COIN_UNIT } from '../../schema/constants';

/** A user's REEL ledger account: its id, opening it, whether it is open, and its balance. */

/** The ledger account of a user (`user:<id>`, foreign key to users). */
export const userLedgerAccountId = (userId: string) => `user:${userId}`;

/**
 * Opens the user's REEL ledger account with a zero balance; a second call changes nothing.
 * Both rows go in one batch so an account never exists without its balance.
 */
export const openLedgerAccount = (db: D1Database, userId: string, now: Date) => {
  const accountId = userLedgerAccountId(userId);
  return db.batch([
    db
      .prepare('INSERT OR IGNORE INTO ledger_accounts (id, user_id, created_at) VALUES (?1, ?2, ?3)')
      .bind(accountId, userId, now.toISOString()),
    db.prepare('INSERT OR IGNORE INTO balances (account_id, amount) VALUES (?1, 0)').bind(accountId),
  ]);
};

export const hasLedgerAccount = async (db: D1Database, userId: string) =>
  (await db
    .prepare('SELECT 1 AS found FROM ledger_accounts WHERE id = ?1')
    .bind(userLedgerAccountId(userId))
    .first()) !== null;

/** The REEL balance of an address, or null when no user has it. */
export const getBalanceByAddress = async (db: D1Database, address: string) => {
  const row = await db
    .prepare(
      `SELECT COALESCE(b.amount, 0) AS amount
       FROM users u LEFT JOIN balances b ON b.account_id = 'user:' || u.id
       WHERE u.aptos_address = ?1`,
    )
    .bind(address)
    .first<{ amount: number }>();
  return row ? row.amount / COIN_UNIT : null;
};

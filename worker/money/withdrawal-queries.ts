import { sql } from '../lib/sql';
import { guardStatement } from './ledger-queries';

/**
 * SQL behind withdrawals: a withdrawal is a 'withdraw' row of `transactions`, 'pending' from its
 * debit until it is completed (the chain committed it) or failed (its debit reversed).
 */

/**
 * The withdrawal's REEL transfer is signed and about to be submitted: its hash and expiry, kept
 * before the chain can see it so settlement can learn the outcome. Only while 'pending'; the
 * caller must not submit when nothing changed (settlement already closed the withdrawal).
 */
export const signWithdrawalStatement = (id: string, chainHash: string, expiresAt: Date) =>
  sql(
    "UPDATE transactions SET chain_hash = ?2, chain_expires_at = ?3 WHERE id = ?1 AND status = 'pending'",
    id,
    chainHash,
    expiresAt.toISOString(),
  );

/** A withdrawal whose REEL the chain committed (the hash it signed last): tx_hash and 'completed'. */
export const completeWithdrawalStatement = (id: string, chainHash: string) =>
  sql(
    `UPDATE transactions SET status = 'completed', tx_hash = ?2
     WHERE id = ?1 AND status = 'pending' AND chain_hash = ?2`,
    id,
    chainHash,
  );

/** A withdrawal whose debit is reversed, written in the reversal's batch. */
export const failWithdrawalStatement = (id: string) =>
  sql("UPDATE transactions SET status = 'failed' WHERE id = ?1 AND status = 'pending'", id);

/**
 * A reversal's precondition (a `guardStatement`): the withdrawal is still 'pending' with the chain
 * hash the decision was made on (NULL: never signed), so a send signed meanwhile blocks it.
 */
export const pendingWithdrawalGuard = (id: string, chainHash: string | null) =>
  guardStatement(
    "SELECT 1 FROM transactions WHERE id = ?1 AND type = 'withdraw' AND status = 'pending' AND chain_hash IS ?2",
    id,
    chainHash,
  );

export type PendingWithdrawal = {
  id: string;
  userId: string;
  amountUnits: number;
  chainHash: string | null;
  chainExpiresAt: string | null;
  createdAt: string;
};

/** Withdrawals still 'pending' that were created before `before`, oldest first. */
export const listPendingWithdrawals = async (db: D1Database, before: Date, limit: number) => {
  const { results } = await db
    .prepare(
      `SELECT id, user_id, amount, chain_hash, chain_expires_at, created_at FROM transactions
       WHERE type = 'withdraw' AND status = 'pending' AND created_at < ?1
       ORDER BY created_at, id LIMIT ?2`,
    )
    .bind(before.toISOString(), limit)
    .all<{
      id: string;
      user_id: string;
      amount: number;
      chain_hash: string | null;
      chain_expires_at: string | null;
      created_at: string;
    }>();
  return results.map(
    (row): PendingWithdrawal => ({
      id: row.id,
      userId: row.user_id,
      amountUnits: row.amount,
      chainHash: row.chain_hash,
      chainExpiresAt: row.chain_expires_at,
      createdAt: row.created_at,
    }),
  );
};

/** When the oldest withdrawal still 'pending' was created, or null when none is. */
export const getOldestPendingWithdrawalTime = async (db: D1Database) => {
  const row = await db
    .prepare(
      "SELECT MIN(created_at) AS created_at FROM transactions WHERE type = 'withdraw' AND status = 'pending'",
    )
    .first<{ created_at: string | null }>();
  return row?.created_at ? new Date(row.created_at) : null;
};

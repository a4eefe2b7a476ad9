import type { AuditDatabase } from './audit-read';
import { SETTLE_WINDOW_MS } from './settle-timing';

/**
 * Withdrawals still 'pending' longer than settlement should ever take (`SETTLE_WINDOW_MS`): each one
 * is REEL debited with nothing paid out or given back, which the audit reports as a problem.
 */
export const readOverduePendingWithdrawals = async (db: AuditDatabase, now: Date) => {
  // Inlined, not bound: the audit's one-call database has no bind (the value is an ISO date we made).
  const before = new Date(now.getTime() - SETTLE_WINDOW_MS).toISOString();
  const { results } = await db
    .prepare(
      `SELECT id, created_at FROM transactions
       WHERE type = 'withdraw' AND status = 'pending' AND created_at < '${before}' ORDER BY created_at`,
    )
    .all<{ id: string; created_at: string }>();
  return results.map((row) => ({ id: row.id, createdAt: row.created_at }));
};

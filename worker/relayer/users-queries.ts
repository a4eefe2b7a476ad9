/** SQL behind the relayer's user routes: ledger accounts and recounted follow totals. */

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

/**
 * Sets a user's followers or following total from the follows rows, the only source of truth,
 * and answers the new total. Clients may ask for a recount; they never set the number.
 */
export const recountFollows = async (db: D1Database, userId: string, side: 'followers' | 'following') => {
  const statement =
    side === 'followers'
      ? `UPDATE users SET followers = (SELECT COUNT(*) FROM follows WHERE following_id = ?1) WHERE id = ?1
         RETURNING followers AS total`
      : `UPDATE users SET following = (SELECT COUNT(*) FROM follows WHERE follower_id = ?1) WHERE id = ?1
         RETURNING following AS total`;
  const row = await db.prepare(statement).bind(userId).first<{ total: number }>();
  return row?.total ?? 0;
};

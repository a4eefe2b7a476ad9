import { COIN_UNIT } from '../../schema/constants';
import { postTransaction } from '../../worker/relayer/ledger/post-transaction';
import { userLedgerAccountId } from '../../worker/relayer/users-queries';

export const TREASURY = 'platform:treasury';

/**
 * Seeds the treasury with `reel` REEL. The only direct balance write in the tests: the money
 * everything else moves through the ledger comes from here.
 */
export const seedTreasury = async (db: D1Database, reel: number) => {
  const now = new Date().toISOString();
  await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO ledger_accounts (id, user_id, created_at) VALUES (?1, NULL, ?2)')
      .bind(TREASURY, now),
    db
      .prepare('INSERT OR REPLACE INTO balances (account_id, amount) VALUES (?1, ?2)')
      .bind(TREASURY, reel * COIN_UNIT),
  ]);
};

/** Gives a user `reel` REEL from the treasury through the ledger. */
export const fundUser = (db: D1Database, userId: string, reel: number) =>
  postTransaction(db, {
    kind: 'reward',
    causeId: crypto.randomUUID(),
    entries: [
      { accountId: TREASURY, amount: -reel * COIN_UNIT },
      { accountId: userLedgerAccountId(userId), amount: reel * COIN_UNIT },
    ],
  });

/** Balance of a ledger account in base units, read straight from D1. */
export const balanceOf = async (db: D1Database, accountId: string) =>
  (
    await db
      .prepare('SELECT amount FROM balances WHERE account_id = ?1')
      .bind(accountId)
      .first<{ amount: number }>()
  )?.amount ?? 0;

export const sumOfBalances = async (db: D1Database) =>
  (await db.prepare('SELECT COALESCE(SUM(amount), 0) AS total FROM balances').first<{ total: number }>())
    ?.total ?? 0;

import { COIN_UNIT } from '../../schema/constants';
import { auditLedger, ISSUANCE_ACCOUNT } from '../../schema/ledger';
import { readLedgerSnapshot } from '../../worker/money/audit-read';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { postTransaction } from '../../worker/money/post-transaction';

export const TREASURY = 'platform:treasury';

/**
 * Gives the treasury `reel` REEL issued through the ledger (as a deposit would issue it), so the
 * balances keep summing to zero and the audit stays clean.
 */
export const seedTreasury = (db: D1Database, reel: number) =>
  postTransaction(db, {
    kind: 'reward',
    causeId: `seed:${crypto.randomUUID()}`,
    entries: [
      { accountId: ISSUANCE_ACCOUNT, amount: -reel * COIN_UNIT },
      { accountId: TREASURY, amount: reel * COIN_UNIT },
    ],
  });

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

/** The REEL a user holds, in REEL as the API shows it. */
export const reelOf = async (db: D1Database, userId: string) =>
  (await balanceOf(db, userLedgerAccountId(userId))) / COIN_UNIT;

/** What `scripts/ledger-audit.ts` reports, computed on the test's D1. */
export const auditNow = async (db: D1Database) => {
  const { chain, balances, deposits } = await readLedgerSnapshot(db);
  return auditLedger(chain, balances, deposits);
};

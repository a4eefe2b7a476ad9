import { giftOf } from '../../schema/catalogue';
import { COIN_UNIT } from '../../schema/constants';
import type { HistoryKind, HistoryLine, Transaction } from '../../schema/money';
import { userLedgerAccountId } from './ledger-accounts';
import type { LedgerKind } from './ledger-queries';

/**
 * SQL behind the wallet's Transaction History. It reads the ledger, not the records: every entry
 * on the user's account is one line (so the lines add up to the balance whatever moved it), joined
 * to what caused it: the deposit or withdrawal record (status, chain hash) or the tip (gift,
 * message, the other person). A record with no ledger movement (a rejected deposit) is a line of
 * its own, merged in by time.
 */

type HistoryRow = {
  id: string;
  /** The ledger kind, or for a record with no movement its type. */
  kind: LedgerKind | Transaction['type'];
  /** Signed base units of a ledger entry; a record's stored amount. */
  amount: number;
  created_at: string;
  /** NULL for a record with no ledger movement. */
  seq: number | null;
  ledger_hash: string | null;
  record_status: Transaction['status'] | null;
  record_hash: string | null;
  reason: string | null;
  tip_amount: number | null;
  gift_name: string | null;
  tip_message: string | null;
  other_id: string | null;
  other_username: string | null;
};

const LEDGER_KIND: Record<Exclude<LedgerKind, 'tip'>, HistoryKind> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  withdraw_reversal: 'withdraw_refund',
  reward: 'reward',
  fee: 'fee',
};

const kindOf = (row: HistoryRow, out: boolean): HistoryKind => {
  if (row.kind === 'tip') return out ? 'tip_sent' : 'tip_received';
  if (row.seq === null) return row.kind === 'withdraw' ? 'withdraw' : 'deposit';
  return LEDGER_KIND[row.kind as Exclude<LedgerKind, 'tip'>];
};

const tipOf = (row: HistoryRow): HistoryLine['tip'] => {
  if (row.tip_amount === null || row.other_id === null || row.other_username === null) return null;
  // Older tips may not name their gift: the catalogue's first gift of that price, as chat says.
  const gift = giftOf(row.tip_amount / COIN_UNIT, row.gift_name)?.name ?? row.gift_name ?? 'Gift';
  return {
    gift,
    message: row.tip_message ?? '',
    other: { id: row.other_id, username: row.other_username },
  };
};

const toLine = (row: HistoryRow): HistoryLine => {
  const out = row.seq === null ? row.kind === 'withdraw' : row.amount < 0;
  const kind = kindOf(row, out);
  return {
    id: row.id,
    kind,
    direction: out ? 'out' : 'in',
    amount: Math.abs(row.amount) / COIN_UNIT,
    // A tip's line exists only once it moved (confirmed); a refund or reward is done when posted.
    status: kind === 'tip_sent' || kind === 'tip_received' ? 'confirmed' : (row.record_status ?? 'completed'),
    timestamp: row.created_at,
    txHash: row.kind === 'tip' ? row.ledger_hash : row.record_hash,
    reason: row.reason,
    tip: row.kind === 'tip' ? tipOf(row) : null,
  };
};

/**
 * The user's history lines, newest first. A withdrawal's record gives its debit line the status
 * and chain hash; the refund of a failed one is a line of its own (the REEL came back).
 */
export const listUserHistory = async (
  db: D1Database,
  userId: string,
  limit: number,
  offset: number,
): Promise<HistoryLine[]> => {
  const { results } = await db
    .prepare(
      `SELECT lt.id AS id, lt.kind AS kind, e.amount AS amount, lt.created_at AS created_at, lt.seq AS seq,
              lt.hash AS ledger_hash, t.status AS record_status, t.tx_hash AS record_hash, t.reason AS reason,
              tp.amount AS tip_amount, tp.gift_name AS gift_name, tp.message AS tip_message,
              o.id AS other_id, o.username AS other_username
       FROM ledger_entries e
       JOIN ledger_transactions lt ON lt.id = e.transaction_id
       LEFT JOIN transactions t ON t.user_id = ?1 AND (
         (lt.kind = 'deposit' AND t.type = 'deposit' AND t.tx_hash = lt.cause_id)
         OR (lt.kind = 'withdraw' AND t.type = 'withdraw' AND t.id = lt.cause_id))
       LEFT JOIN tips tp ON lt.kind = 'tip' AND tp.id = lt.cause_id
       LEFT JOIN users o ON o.id = IIF(tp.tipper_id = ?1, tp.receiver_id, tp.tipper_id)
       WHERE e.account_id = ?2
       UNION ALL
       SELECT t.id, t.type, t.amount, t.created_at, NULL, NULL, t.status, t.tx_hash, t.reason,
              NULL, NULL, NULL, NULL, NULL
       FROM transactions t
       WHERE t.user_id = ?1 AND NOT EXISTS (
         SELECT 1 FROM ledger_transactions m
         WHERE (m.kind = 'deposit' AND m.cause_id = t.tx_hash) OR (m.kind = 'withdraw' AND m.cause_id = t.id))
       ORDER BY created_at DESC, seq DESC
       LIMIT ?3 OFFSET ?4`,
    )
    .bind(userId, userLedgerAccountId(userId), limit, offset)
    .all<HistoryRow>();
  return results.map(toLine);
};

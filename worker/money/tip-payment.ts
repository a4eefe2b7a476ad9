import { sql } from '../lib/sql';
import type { Ledger } from './ledger';
import { guardStatement } from './ledger-queries';

/**
 * The money side of a tip: its REEL moves tipper -> receiver as one ledger transaction caused by the
 * tip id, and the tip row becomes 'confirmed' in the same batch. Who may tip what, and what a refusal
 * tells the caller, are the tips feature's rules (worker/api/tips/service.ts).
 */

/**
 * A tip's movement as the ledger writer reads it (`DerivedPostInput`): the tipper's account gives
 * the amount, the receiver's takes it ('user:' + id, as `userLedgerAccountId` names them), each row
 * with the tip's type. No rows unless `tipperId` made the tip: only the tipper can confirm.
 */
const tipEntriesStatement = (id: string, tipperId: string) =>
  sql(
    `SELECT 'user:' || tipper_id AS account_id, -amount AS amount, tip_type FROM tips WHERE id = ?1 AND tipper_id = ?2
     UNION ALL
     SELECT 'user:' || receiver_id, amount, tip_type FROM tips WHERE id = ?1 AND tipper_id = ?2`,
    id,
    tipperId,
  );

/** Confirms the tip inside the ledger batch; its tx_hash is that batch's ledger transaction hash. */
const confirmTipStatement = (id: string) =>
  sql(
    `UPDATE tips SET status = 'confirmed',
       tx_hash = (SELECT hash FROM ledger_transactions WHERE kind = 'tip' AND cause_id = ?1)
     WHERE id = ?1`,
    id,
  );

/**
 * Posts the tip's movement. The writer reads the entries from the tip row (`tipEntriesStatement`),
 * so the request reads nothing; a tip deleted or failed first stops it (`precondition_failed`, as
 * does a tip that is not `tipperId`'s), and a second post for the same tip answers the first
 * (`replayed`). `read` holds the rows the entries came from (each with the tip's type).
 */
export const postTipPayment = (ledger: Ledger, tipId: string, tipperId: string) =>
  ledger.post({
    kind: 'tip',
    causeId: tipId,
    entriesFrom: tipEntriesStatement(tipId, tipperId),
    guards: [guardStatement("SELECT 1 FROM tips WHERE id = ?1 AND status IN ('pending', 'sent')", tipId)],
    alsoRun: [confirmTipStatement(tipId)],
  });

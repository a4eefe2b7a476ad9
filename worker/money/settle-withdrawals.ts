import { prepare } from '../lib/sql';
import type { Ledger, Money } from './ledger';
import { LedgerError } from './post-transaction';
import { SETTLE_AFTER_MS } from './settle-timing';
import { reverseWithdrawal } from './withdraw-reversal';
import {
  completeWithdrawalStatement,
  listPendingWithdrawals,
  type PendingWithdrawal,
} from './withdrawal-queries';

/**
 * How far the chain's clock must be past a transfer's expiry before an unknown hash counts as never
 * committed: a load-balanced node answering the hash may lag the one that answered the time.
 */
const CHAIN_LAG_MARGIN_MS = 15_000;
/** Per run: each one costs a chain read (a subrequest on a real network); the rest go next run. */
const PER_RUN = 25;

type Outcome = 'completed' | 'reversed' | 'left';

const reverse = async (ledger: Ledger, withdrawal: PendingWithdrawal): Promise<Outcome> => {
  try {
    const posted = await reverseWithdrawal(ledger, withdrawal, withdrawal.chainHash);
    return posted.replayed ? 'left' : 'reversed';
  } catch (error) {
    // The row moved since it was read (settled elsewhere, or a retry signed a new hash): next run.
    if (error instanceof LedgerError && error.code === 'precondition_failed') return 'left';
    throw error;
  }
};

const settleOne = async ({ db, chain, ledger }: Money, withdrawal: PendingWithdrawal): Promise<Outcome> => {
  const { chainHash, chainExpiresAt } = withdrawal;
  // Never signed: its request ended before anything could reach the chain. A send signed meanwhile
  // makes the reversal's guard (pending with no hash) fail, and a reversal first makes the send's
  // `onSigned` stop before submitting, so the two can never both happen.
  if (!chainHash) return reverse(ledger, withdrawal);
  // The chain's clock first: if the hash is unknown after it, it was unknown at that time too.
  const chainTime = await chain.ledgerTime();
  const sent = await chain.transferByHash(chainHash);
  if (sent?.success) {
    const { meta } = await prepare(db, completeWithdrawalStatement(withdrawal.id, chainHash)).run();
    return meta.changes > 0 ? 'completed' : 'left';
  }
  // Committed as failed: the REEL never left the treasury.
  if (sent) return reverse(ledger, withdrawal);
  const expired =
    chainExpiresAt !== null && Date.parse(chainExpiresAt) + CHAIN_LAG_MARGIN_MS < chainTime.getTime();
  return expired ? reverse(ledger, withdrawal) : 'left';
};

export type SettlementRun = { completed: number; reversed: number; left: number };

/**
 * Settles withdrawals whose request did not finish them (DESIGN.md §5): a crash, a lost answer, a
 * chain that did not say. Reads each one's signed hash from the chain: committed → 'completed' with
 * that hash; failed on chain, or unknown once the chain's clock passed its expiry (it can never
 * commit), or never signed → reversed and 'failed'. Anything else waits for a later run. Safe to
 * run concurrently and repeatedly: every change is conditional on the row being 'pending' with the
 * hash the decision read, and a reversal is at most once per withdrawal, so each one moves once.
 * Counts only what this run moved. Runs from the ledger writer's alarm (ledger-writer.ts), which
 * passes the configured `settleAfterMs` (`WITHDRAW_SETTLE_AFTER_SECONDS`).
 */
export const settlePendingWithdrawals = async (
  settler: Money,
  now: Date,
  settleAfterMs = SETTLE_AFTER_MS,
): Promise<SettlementRun> => {
  const run: SettlementRun = { completed: 0, reversed: 0, left: 0 };
  const due = new Date(now.getTime() - settleAfterMs);
  for (const withdrawal of await listPendingWithdrawals(settler.db, due, PER_RUN)) {
    try {
      run[await settleOne(settler, withdrawal)] += 1;
    } catch (error) {
      // One unreadable hash (node down) must not hold the others back.
      console.error('withdrawal settlement failed; retrying next run', withdrawal.id, error);
      run.left += 1;
    }
  }
  return run;
};

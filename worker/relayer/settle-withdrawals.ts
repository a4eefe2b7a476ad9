import {
  completeWithdrawalStatement,
  listPendingWithdrawals,
  type PendingWithdrawal,
} from '../api/transactions/queries';
import { type ChainPort, chainFor } from '../ports/chain';
import { LedgerError } from './ledger/post-transaction';
import { reverseWithdrawal } from './withdraw-reversal';

/** Younger withdrawals are most likely still inside their own request. */
const SETTLE_AFTER_MS = 60_000;
/**
 * How long past a transfer's expiry (or, never signed, past its creation) a hash the chain does not
 * know counts as never committed: covers the chain's clock and a fullnode lagging behind consensus.
 */
const UNKNOWN_MARGIN_MS = 120_000;
/** Per run: each one costs a chain read (a subrequest on a real network); the rest wait a minute. */
const PER_RUN = 25;

type Outcome = 'completed' | 'reversed' | 'left';

const reverse = async (db: D1Database, withdrawal: PendingWithdrawal): Promise<Outcome> => {
  try {
    const posted = await reverseWithdrawal(db, withdrawal, withdrawal.chainHash);
    return posted.replayed ? 'left' : 'reversed';
  } catch (error) {
    // The row moved since it was read (settled elsewhere, or a retry signed a new hash): next run.
    if (error instanceof LedgerError && error.code === 'precondition_failed') return 'left';
    throw error;
  }
};

const settleOne = async (
  db: D1Database,
  chain: ChainPort,
  withdrawal: PendingWithdrawal,
  now: number,
): Promise<Outcome> => {
  const { chainHash, chainExpiresAt, createdAt } = withdrawal;
  if (!chainHash) {
    // Never signed: the request ended before anything could reach the chain.
    return Date.parse(createdAt) + UNKNOWN_MARGIN_MS < now ? reverse(db, withdrawal) : 'left';
  }
  const sent = await chain.transferByHash(chainHash);
  if (sent?.success) {
    const { meta } = await completeWithdrawalStatement(db, withdrawal.id, chainHash).run();
    return meta.changes > 0 ? 'completed' : 'left';
  }
  // Committed as failed: the REEL never left the treasury.
  if (sent) return reverse(db, withdrawal);
  const expired = chainExpiresAt !== null && Date.parse(chainExpiresAt) + UNKNOWN_MARGIN_MS < now;
  return expired ? reverse(db, withdrawal) : 'left';
};

export type SettlementRun = { completed: number; reversed: number; left: number };

/**
 * Settles withdrawals whose send ended with an unknown outcome (DESIGN.md §5), reading each one's
 * signed hash from the chain: committed → 'completed' with that hash; failed on chain, or unknown
 * and past its expiry plus a margin (it can never commit), or never signed → reversed and 'failed'.
 * Anything else waits for a later run. Safe to run concurrently and repeatedly: every change is
 * conditional on the row being 'pending' with the hash the decision read, and a reversal is at most
 * once per withdrawal, so each withdrawal moves once. Counts only what this run moved.
 */
export const settlePendingWithdrawals = async (
  db: D1Database,
  chain: ChainPort,
  now: Date,
): Promise<SettlementRun> => {
  const run: SettlementRun = { completed: 0, reversed: 0, left: 0 };
  const pending = await listPendingWithdrawals(db, new Date(now.getTime() - SETTLE_AFTER_MS), PER_RUN);
  for (const withdrawal of pending) {
    try {
      run[await settleOne(db, chain, withdrawal, now.getTime())] += 1;
    } catch (error) {
      // One unreadable hash (node down) must not hold the others back.
      console.error('withdrawal settlement failed; retrying next run', withdrawal.id, error);
      run.left += 1;
    }
  }
  return run;
};

/** The Cron Trigger's handler (wrangler.toml `[triggers]`, every minute). */
export const settleWithdrawalsOnSchedule: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  const run = await settlePendingWithdrawals(env.DB, chainFor(env), new Date(controller.scheduledTime));
  if (run.completed + run.reversed > 0) console.log('withdrawals settled', run);
};

/**
 * When withdrawal settlement looks at a withdrawal (settle-withdrawals.ts, run by the ledger
 * writer's alarm), in one place the audit script can read without the worker's code.
 */

/**
 * A withdrawal younger than this is most likely still inside its own request (debit, sign, submit,
 * wait: seconds). Past it, settlement takes over: it is also when the ledger writer's alarm first
 * looks at a new withdrawal.
 */
export const SETTLE_AFTER_MS = 60_000;

/**
 * The longest any withdrawal should stay 'pending': due after `SETTLE_AFTER_MS`, signed transfers
 * live 60 s plus the chain margin, alarms re-run every 10 s; five minutes leaves room for a restart.
 * The ledger audit reports anything older as a problem.
 */
export const SETTLE_WINDOW_MS = 5 * 60_000;

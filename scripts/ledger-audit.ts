/**
 * Ledger audit: recomputes every REEL balance from the ledger entries, compares it with
 * `balances`, checks that every transaction sums to zero, that the hash chain holds, that all
 * balances sum to zero with only `platform:issuance` below zero, and that every deposit credit has
 * a credited deposits row of the same chain hash (and the other way round). Withdrawals still pending
 * longer than settlement ever takes (worker/money/settle-withdrawals.ts) are problems too.
 *
 *   npx tsx scripts/ledger-audit.ts [--persist-to DIR]
 *
 * `--persist-to DIR` means what it means to wrangler (state under DIR/v3); without it, the default
 * `.wrangler/state` next to wrangler.toml. Prints a verdict; exits 1 on any mismatch.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { auditLedger, isHealthy } from '../schema/ledger';
import { readOverduePendingWithdrawals } from '../worker/money/audit-pending';
import { readLedgerSnapshot } from '../worker/money/audit-read';
import { openLocalStorage } from './lib/local-storage';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'persist-to': { type: 'string' } } });
  const persistRoot = values['persist-to'] ? resolve(values['persist-to']) : join(ROOT, '.wrangler', 'state');
  const proxy = await openLocalStorage(persistRoot, join(ROOT, 'wrangler.toml'));
  try {
    const { chain, balances, deposits } = await readLedgerSnapshot(proxy.env.DB);
    const report = await auditLedger(chain, balances, deposits);
    for (const problem of report.chainProblems)
      console.error(`chain: seq ${problem.seq}: ${problem.problem}`);
    for (const row of report.balanceMismatches) {
      console.error(`balance: ${row.accountId} stores ${row.stored}, entries sum to ${row.fromEntries}`);
    }
    if (report.sumOfBalances !== 0) console.error(`sum: balances sum to ${report.sumOfBalances}, not 0`);
    for (const account of report.negativeAccounts) console.error(`negative: ${account} is below 0`);
    for (const row of report.depositProblems) console.error(`deposit: ${row.txHash}: ${row.problem}`);
    const overdue = await readOverduePendingWithdrawals(proxy.env.DB, new Date());
    for (const row of overdue) console.error(`withdrawal: ${row.id} still pending since ${row.createdAt}`);
    const ok = isHealthy(report) && overdue.length === 0;
    console.log(
      `ledger-audit: ${ok ? 'OK' : 'MISMATCH'}: ${report.transactions} transactions, ${report.accounts} accounts, ` +
        `${report.chainProblems.length} chain problems, ${report.balanceMismatches.length} balance mismatches, ` +
        `sum of balances ${report.sumOfBalances}, ${report.negativeAccounts.length} negative accounts, ` +
        `${report.depositProblems.length} deposit problems, ${overdue.length} withdrawals pending past the ` +
        `settle window (${persistRoot})`,
    );
    return ok ? 0 : 1;
  } finally {
    await proxy.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger-audit: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

/**
 * Ledger audit: recomputes every REEL balance from the ledger entries, compares it with
 * `balances`, checks that every transaction sums to zero and that the hash chain holds.
 *
 *   npx tsx scripts/ledger-audit.ts [--persist-to DIR]
 *
 * `--persist-to DIR` means what it means to wrangler (state under DIR/v3); without it, the default
 * `.wrangler/state` next to wrangler.toml. Prints a verdict; exits 1 on any mismatch.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { D1Database } from '@cloudflare/workers-types/2023-07-01';
import { getPlatformProxy } from 'wrangler';
import { auditLedger, type HashedLedgerTransaction } from '../schema/ledger';

type AuditEnv = { DB: D1Database };

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type TransactionRow = {
  id: string;
  seq: number;
  kind: string;
  cause_id: string;
  prev_hash: string;
  hash: string;
  created_at: string;
};
type EntryRow = { transaction_id: string; account_id: string; amount: number };

const readLedger = async (db: D1Database) => {
  const [txs, entries, balances] = await Promise.all([
    db
      .prepare(
        'SELECT id, seq, kind, cause_id, prev_hash, hash, created_at FROM ledger_transactions ORDER BY seq',
      )
      .all<TransactionRow>(),
    db.prepare('SELECT transaction_id, account_id, amount FROM ledger_entries').all<EntryRow>(),
    db.prepare('SELECT account_id, amount FROM balances').all<{ account_id: string; amount: number }>(),
  ]);
  const byTransaction = new Map<string, { accountId: string; amount: number }[]>();
  for (const entry of entries.results) {
    const list = byTransaction.get(entry.transaction_id) ?? [];
    list.push({ accountId: entry.account_id, amount: entry.amount });
    byTransaction.set(entry.transaction_id, list);
  }
  const chain: HashedLedgerTransaction[] = txs.results.map((tx) => ({
    seq: tx.seq,
    kind: tx.kind,
    causeId: tx.cause_id,
    prevHash: tx.prev_hash,
    hash: tx.hash,
    createdAt: tx.created_at,
    entries: byTransaction.get(tx.id) ?? [],
  }));
  return {
    chain,
    balances: balances.results.map((row) => ({ accountId: row.account_id, amount: row.amount })),
  };
};

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'persist-to': { type: 'string' } } });
  const persistRoot = values['persist-to'] ? resolve(values['persist-to']) : join(ROOT, '.wrangler', 'state');
  process.env.WRANGLER_LOG ??= 'error';
  const proxy = await getPlatformProxy<AuditEnv>({
    configPath: join(ROOT, 'wrangler.toml'),
    persist: { path: join(persistRoot, 'v3') },
    remoteBindings: false,
  });
  try {
    const { chain, balances } = await readLedger(proxy.env.DB);
    const report = await auditLedger(chain, balances);
    for (const problem of report.chainProblems)
      console.error(`chain: seq ${problem.seq}: ${problem.problem}`);
    for (const row of report.balanceMismatches) {
      console.error(`balance: ${row.accountId} stores ${row.stored}, entries sum to ${row.fromEntries}`);
    }
    const ok = report.chainProblems.length === 0 && report.balanceMismatches.length === 0;
    console.log(
      `ledger-audit: ${ok ? 'OK' : 'MISMATCH'}: ${report.transactions} transactions, ${report.accounts} accounts, ` +
        `${report.chainProblems.length} chain problems, ${report.balanceMismatches.length} balance mismatches (${persistRoot})`,
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

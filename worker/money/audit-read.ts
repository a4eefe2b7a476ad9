import type { AuditDeposit, HashedLedgerTransaction, LedgerBalance } from '../../schema/ledger';

/**
 * Reads what the ledger audit checks, through the one D1 call every binding has (`prepare().all()`),
 * so the worker tests, `scripts/ledger-audit.ts` (over getPlatformProxy) and the benchmark share it.
 */
export type AuditDatabase = {
  prepare(sql: string): { all<Row>(): Promise<{ results: Row[] }> };
};

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

export type LedgerSnapshot = {
  chain: HashedLedgerTransaction[];
  balances: LedgerBalance[];
  deposits: AuditDeposit[];
};

/** Every ledger transaction (by seq, with its entries), every balance and every deposits row. */
export const readLedgerSnapshot = async (db: AuditDatabase): Promise<LedgerSnapshot> => {
  const [txs, entries, balances, deposits] = await Promise.all([
    db
      .prepare(
        'SELECT id, seq, kind, cause_id, prev_hash, hash, created_at FROM ledger_transactions ORDER BY seq',
      )
      .all<TransactionRow>(),
    db.prepare('SELECT transaction_id, account_id, amount FROM ledger_entries').all<EntryRow>(),
    db.prepare('SELECT account_id, amount FROM balances').all<{ account_id: string; amount: number }>(),
    db.prepare('SELECT tx_hash, status FROM deposits').all<{ tx_hash: string; status: string }>(),
  ]);
  const byTransaction = new Map<string, { accountId: string; amount: number }[]>();
  for (const entry of entries.results) {
    const list = byTransaction.get(entry.transaction_id) ?? [];
    list.push({ accountId: entry.account_id, amount: entry.amount });
    byTransaction.set(entry.transaction_id, list);
  }
  return {
    chain: txs.results.map((tx) => ({
      seq: tx.seq,
      kind: tx.kind,
      causeId: tx.cause_id,
      prevHash: tx.prev_hash,
      hash: tx.hash,
      createdAt: tx.created_at,
      entries: byTransaction.get(tx.id) ?? [],
    })),
    balances: balances.results.map((row) => ({ accountId: row.account_id, amount: row.amount })),
    deposits: deposits.results.map((row) => ({ txHash: row.tx_hash, status: row.status })),
  };
};

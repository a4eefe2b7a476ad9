/**
 * The REEL ledger's hash chain (DESIGN.md §5), pure so the worker, the audit script and unit
 * tests share one definition. Amounts are signed integers of 1e-8 REEL.
 */

/** prev_hash of the first transaction. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Where REEL comes from: deposits move it from here to users, withdrawals back. The only account
 * that may go negative (its negative balance is the REEL in circulation), so all balances sum to 0.
 */
export const ISSUANCE_ACCOUNT = 'platform:issuance';

export type LedgerEntry = { accountId: string; amount: number };

/** What a transaction's hash covers. */
export type LedgerTransactionContent = {
  seq: number;
  kind: string;
  causeId: string;
  entries: readonly LedgerEntry[];
  createdAt: string;
  prevHash: string;
};

export type HashedLedgerTransaction = LedgerTransactionContent & { hash: string };

/** Canonical text of a transaction: fixed field order, entries sorted by account id. */
export const canonicalLedgerContent = (tx: LedgerTransactionContent): string =>
  JSON.stringify([
    tx.seq,
    tx.kind,
    tx.causeId,
    [...tx.entries]
      .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))
      .map((entry) => [entry.accountId, entry.amount]),
    tx.createdAt,
    tx.prevHash,
  ]);

/** sha-256 of the canonical content, lowercase hex. */
export const hashLedgerTransaction = async (tx: LedgerTransactionContent): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalLedgerContent(tx)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** Entries sum to zero, are non-zero integers and name each account once. */
export const isBalanced = (entries: readonly LedgerEntry[]): boolean =>
  entries.length >= 2 &&
  new Set(entries.map((entry) => entry.accountId)).size === entries.length &&
  entries.every((entry) => Number.isSafeInteger(entry.amount) && entry.amount !== 0) &&
  entries.reduce((sum, entry) => sum + entry.amount, 0) === 0;

export type ChainProblem = { seq: number; problem: string };

/**
 * Checks transactions ordered by seq: consecutive seqs from 1, each prev_hash the previous hash,
 * each hash recomputed from its content, each balanced. Answers every problem found.
 */
export const verifyLedgerChain = async (txs: readonly HashedLedgerTransaction[]): Promise<ChainProblem[]> => {
  const problems: ChainProblem[] = [];
  let prevHash = GENESIS_HASH;
  for (const [index, tx] of txs.entries()) {
    if (tx.seq !== index + 1) problems.push({ seq: tx.seq, problem: `expected seq ${index + 1}` });
    if (tx.prevHash !== prevHash) problems.push({ seq: tx.seq, problem: 'prev_hash does not match' });
    if ((await hashLedgerTransaction(tx)) !== tx.hash)
      problems.push({ seq: tx.seq, problem: 'hash does not match' });
    if (!isBalanced(tx.entries)) problems.push({ seq: tx.seq, problem: 'entries do not sum to zero' });
    prevHash = tx.hash;
  }
  return problems;
};

export type LedgerBalance = { accountId: string; amount: number };

/** A deposits row as the audit sees it: the chain hash and whether it was credited. */
export type AuditDeposit = { txHash: string; status: string };

export type AuditReport = {
  transactions: number;
  accounts: number;
  chainProblems: ChainProblem[];
  /** Accounts whose stored balance is not the sum of their entries. */
  balanceMismatches: { accountId: string; stored: number; fromEntries: number }[];
  /** Sum of all stored balances: 0 when no REEL was made or lost outside the ledger. */
  sumOfBalances: number;
  /** Accounts below zero other than the issuance account. */
  negativeAccounts: string[];
  /** Deposit credits without a credited deposits row of that hash, and credited rows without credit. */
  depositProblems: { txHash: string; problem: string }[];
};

const depositProblemsOf = (txs: readonly HashedLedgerTransaction[], deposits: readonly AuditDeposit[]) => {
  const credited = new Set(deposits.filter((row) => row.status === 'credited').map((row) => row.txHash));
  const posted = new Set(txs.filter((tx) => tx.kind === 'deposit').map((tx) => tx.causeId));
  return [
    ...[...posted]
      .filter((hash) => !credited.has(hash))
      .map((txHash) => ({ txHash, problem: 'deposit credit without a credited deposits row' })),
    ...[...credited]
      .filter((hash) => !posted.has(hash))
      .map((txHash) => ({ txHash, problem: 'credited deposits row without a ledger credit' })),
  ];
};

/**
 * Recomputes every balance from the entries, checks the chain, that balances sum to 0 with only
 * the issuance account below 0, and that deposit credits and credited deposits rows pair up.
 * A report with no problems is healthy (`isHealthy`).
 */
export const auditLedger = async (
  txs: readonly HashedLedgerTransaction[],
  balances: readonly LedgerBalance[],
  deposits: readonly AuditDeposit[] = [],
): Promise<AuditReport> => {
  const fromEntries = new Map<string, number>();
  for (const tx of txs) {
    for (const entry of tx.entries)
      fromEntries.set(entry.accountId, (fromEntries.get(entry.accountId) ?? 0) + entry.amount);
  }
  const stored = new Map(balances.map((balance) => [balance.accountId, balance.amount]));
  const accounts = new Set([...fromEntries.keys(), ...stored.keys()]);
  const balanceMismatches = [...accounts]
    .map((accountId) => ({
      accountId,
      stored: stored.get(accountId) ?? 0,
      fromEntries: fromEntries.get(accountId) ?? 0,
    }))
    .filter((row) => row.stored !== row.fromEntries);
  return {
    transactions: txs.length,
    accounts: accounts.size,
    chainProblems: await verifyLedgerChain(txs),
    balanceMismatches,
    sumOfBalances: balances.reduce((sum, balance) => sum + balance.amount, 0),
    negativeAccounts: balances
      .filter((balance) => balance.amount < 0 && balance.accountId !== ISSUANCE_ACCOUNT)
      .map((balance) => balance.accountId),
    depositProblems: depositProblemsOf(txs, deposits),
  };
};

export const isHealthy = (report: AuditReport): boolean =>
  report.chainProblems.length === 0 &&
  report.balanceMismatches.length === 0 &&
  report.sumOfBalances === 0 &&
  report.negativeAccounts.length === 0 &&
  report.depositProblems.length === 0;

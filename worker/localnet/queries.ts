import type { Asset } from './chain-constants';

/** SQL of the local chain (schema/migrations/0006_localnet.sql). Addresses are 0x + 64 hex. */

export type AccountRow = { address: string; authentication_key: string; sequence_number: number };

export const getLedgerVersion = async (db: D1Database): Promise<number | null> =>
  (await db.prepare('SELECT version FROM localnet_ledger WHERE id = 1').first<{ version: number }>())
    ?.version ?? null;

export const getAccount = (db: D1Database, address: string) =>
  db
    .prepare('SELECT address, authentication_key, sequence_number FROM localnet_accounts WHERE address = ?1')
    .bind(address)
    .first<AccountRow>();

export const getBalance = async (db: D1Database, address: string, asset: Asset): Promise<number> =>
  (
    await db
      .prepare('SELECT amount FROM localnet_balances WHERE address = ?1 AND asset = ?2')
      .bind(address, asset)
      .first<{ amount: number }>()
  )?.amount ?? 0;

export const getTransactionByHash = (db: D1Database, hash: string) =>
  db
    .prepare('SELECT version, body FROM localnet_transactions WHERE hash = ?1')
    .bind(hash)
    .first<{ version: number; body: string }>();

/** Opens an account (if new) with `authenticationKey`; never changes an existing one. */
export const openAccount = (db: D1Database, address: string, authenticationKey: string) =>
  db
    .prepare(
      `INSERT INTO localnet_accounts (address, authentication_key, sequence_number) VALUES (?1, ?2, 0)
       ON CONFLICT (address) DO NOTHING`,
    )
    .bind(address, authenticationKey);

export const credit = (db: D1Database, address: string, asset: Asset, amount: number) =>
  db
    .prepare(
      `INSERT INTO localnet_balances (address, asset, amount) VALUES (?1, ?2, ?3)
       ON CONFLICT (address, asset) DO UPDATE SET amount = amount + excluded.amount`,
    )
    .bind(address, asset, amount);

/** Only for a balance read just before; the CHECK fails the whole batch if it went below zero since. */
export const debit = (db: D1Database, address: string, asset: Asset, amount: number) =>
  db
    .prepare('UPDATE localnet_balances SET amount = amount - ?3 WHERE address = ?1 AND asset = ?2')
    .bind(address, asset, amount);

/** Genesis statements, each a no-op once done: the ledger row, and `accounts` with their balances. */
export const genesisStatements = (
  db: D1Database,
  accounts: { address: string; authenticationKey: string; balances: [Asset, number][] }[],
) => [
  ...accounts.flatMap(({ address, authenticationKey, balances }) => [
    openAccount(db, address, authenticationKey),
    ...balances.map(([asset, amount]) =>
      db
        .prepare(
          `INSERT INTO localnet_balances (address, asset, amount) VALUES (?1, ?2, ?3)
           ON CONFLICT (address, asset) DO NOTHING`,
        )
        .bind(address, asset, amount),
    ),
  ]),
  db.prepare('INSERT INTO localnet_ledger (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING'),
];

/**
 * Commits a user transaction as the next version and bumps its sender's sequence number. The row is
 * written only if the sender's sequence number is still `sequenceNumber` (else hash is NULL and the
 * NOT NULL constraint fails the whole batch), and UNIQUE (sender, sequence_number) keeps a racing twin
 * out: of two submits with one sequence number at most one commits.
 */
export const commitTransactionStatements = (
  db: D1Database,
  txn: { hash: string; sender: string; sequenceNumber: number; body: string },
) => [
  db
    .prepare(
      `INSERT INTO localnet_transactions (version, hash, sender, sequence_number, body)
       SELECT version + 1,
              CASE WHEN (SELECT sequence_number FROM localnet_accounts WHERE address = ?2) = ?3 THEN ?1 END,
              ?2, ?3, ?4
       FROM localnet_ledger WHERE id = 1`,
    )
    .bind(txn.hash, txn.sender, txn.sequenceNumber, txn.body),
  db.prepare('UPDATE localnet_ledger SET version = version + 1 WHERE id = 1'),
  db
    .prepare('UPDATE localnet_accounts SET sequence_number = sequence_number + 1 WHERE address = ?1')
    .bind(txn.sender),
];

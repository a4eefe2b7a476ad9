-- The local Aptos chain served under /localnet (worker/localnet, DESIGN.md §5). Only used while
-- APTOS_NETWORK is "local"; on a real network these tables stay empty.

-- One row: the ledger version (the number of committed transactions). Its presence marks genesis done.
CREATE TABLE localnet_ledger (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL CHECK (version >= 0)
);

-- On-chain accounts (0x + 64 hex). The authentication key differs from the address after a key
-- rotation, as for the treasury, whose key is the relayer's.
CREATE TABLE localnet_accounts (
  address TEXT PRIMARY KEY,
  authentication_key TEXT NOT NULL,
  sequence_number INTEGER NOT NULL DEFAULT 0 CHECK (sequence_number >= 0)
);

-- Balances per asset ('apt' in octas, 'reel' in 1e-8 REEL); a debit below zero fails its whole batch.
-- No foreign key: a fungible-asset transfer gives a store to an address that has no account.
CREATE TABLE localnet_balances (
  address TEXT NOT NULL,
  asset TEXT NOT NULL CHECK (asset IN ('apt', 'reel')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (address, asset)
);

-- Committed user transactions. UNIQUE (sender, sequence_number) lets only one of two racing submits
-- with the same sequence number commit. `body` is the fullnode's JSON without `version`.
CREATE TABLE localnet_transactions (
  version INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  sender TEXT NOT NULL,
  sequence_number INTEGER NOT NULL,
  body TEXT NOT NULL,
  UNIQUE (sender, sequence_number)
);

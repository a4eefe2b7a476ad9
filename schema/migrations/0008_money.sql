-- Money (DESIGN.md §5): REEL issuance, deposits verified on chain, withdrawals, gift names on tips.

-- REEL enters circulation when verified APT arrives: a deposit moves REEL from 'platform:issuance'
-- to the user, a withdrawal moves it back. That one account may go negative (its negative balance
-- is the REEL in circulation), so the sum of all balances stays 0, which the audit checks.
-- SQLite cannot change a CHECK in place: rebuild the table (no foreign key points at balances).
CREATE TABLE balances_new (
  account_id TEXT PRIMARY KEY REFERENCES ledger_accounts (id),
  amount INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0 OR account_id = 'platform:issuance')
);
INSERT INTO balances_new (account_id, amount) SELECT account_id, amount FROM balances;
DROP TABLE balances;
ALTER TABLE balances_new RENAME TO balances;

-- Several gifts share a price (Heart, Gift Box and Bouquet are 100): the tipper's choice is kept so
-- the chat notification names the right one. NULL: the first catalogue gift of that price.
ALTER TABLE tips ADD COLUMN gift_name TEXT;

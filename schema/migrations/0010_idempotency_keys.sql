-- Idempotency-Keys (worker/lib/idempotency.ts): a key is scoped to (user, route) and remembers the
-- sha-256 of the request it was first used with, so a reuse with another body is refused (422) before
-- anything is written, and a key used on one route can never replay into another. `id` is the key's
-- generation: the handlers' replay keys (tips.idempotency_key, ledger_transactions.idempotency_key)
-- are built from it, so a key reused after its 24 h expiry is a new request, not the old answer.
CREATE TABLE idempotency_keys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  route TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, route, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Rejected deposits: APT the caller did send to the platform, for an amount that buys no package, is
-- kept as a 'rejected' deposit with its reason (no REEL issued: amount 0) so an operator can refund
-- it. SQLite cannot change a CHECK in place: rebuild the table (no foreign key points at deposits).
CREATE TABLE deposits_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  user_addr TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0 OR (status = 'rejected' AND amount = 0)), -- REEL base units credited
  price INTEGER NOT NULL CHECK (price > 0),   -- APT octas received
  rate INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  referral_code TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'credited', 'rejected')),
  reason TEXT CHECK ((status = 'rejected') = (reason IS NOT NULL)), -- why it was rejected
  created_at TEXT NOT NULL
);
INSERT INTO deposits_new (id, user_id, user_addr, amount, price, rate, tx_hash, referral_code, status, created_at)
  SELECT id, user_id, user_addr, amount, price, rate, tx_hash, referral_code, status, created_at FROM deposits;
DROP TABLE deposits;
ALTER TABLE deposits_new RENAME TO deposits;
CREATE UNIQUE INDEX deposits_hash ON deposits (tx_hash); -- a hash is credited or rejected at most once
CREATE INDEX deposits_user_created ON deposits (user_id, created_at DESC);
CREATE INDEX deposits_status_created ON deposits (status, created_at DESC);

-- A failed record says why in the payer's Transaction History (a rejected deposit's reason).
ALTER TABLE transactions ADD COLUMN reason TEXT;

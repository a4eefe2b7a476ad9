-- A share sent again with the same Idempotency-Key (a queued offline share sent by the page and by
-- the service worker's outbox at the same moment, or resent after a lost answer) is the same share:
-- the key, scoped to (route, user) by worker/lib/idempotency.ts, is unique among shares that carry one.
ALTER TABLE shares ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX shares_idempotency_key ON shares (idempotency_key) WHERE idempotency_key IS NOT NULL;

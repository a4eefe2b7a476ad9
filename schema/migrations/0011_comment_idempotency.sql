-- A comment sent again with the same Idempotency-Key (a queued offline comment resent after a lost
-- answer, a closed tab, a reload) is the same comment: the key, scoped to (route, user) by
-- worker/lib/idempotency.ts, is unique among comments that carry one.
ALTER TABLE comments ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX comments_idempotency_key ON comments (idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Keyless (Google-style) sign-in (DESIGN.md §4, accounts spec §4).

-- id_token nonces that already opened a session: a token is a one-time ticket, so a leaked one
-- cannot sign in again. Rows are dropped once the token would be refused as expired anyway.
CREATE TABLE keyless_used_nonces (
  issuer_nonce TEXT PRIMARY KEY, -- sha-256 of "<iss>|<nonce>"
  expires_at TEXT NOT NULL
);
CREATE INDEX keyless_used_nonces_expires ON keyless_used_nonces (expires_at);

-- Server-side secrets the worker makes for itself on first use when no binding provides one: the
-- dev OIDC provider's RSA signing key and the local pepper key. Kept in D1, never in R2, because
-- /media serves every R2 object. Write-once: INSERT … ON CONFLICT DO NOTHING, then read back.
CREATE TABLE local_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
);

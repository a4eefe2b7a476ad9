/** SQL for keyless sign-in: used id_token nonces and the worker's self-made secrets (0002_keyless.sql). */

/**
 * Records that a token nonce opened a session and answers whether it was the first time; drops
 * uses whose tokens have expired in the same batch. INSERT … ON CONFLICT DO NOTHING, so two
 * concurrent sign-ins with one token cannot both succeed.
 */
export const recordNonceUse = async (db: D1Database, issuerNonce: string, expiresAt: Date, now: Date) => {
  const [, inserted] = await db.batch([
    db.prepare('DELETE FROM keyless_used_nonces WHERE expires_at <= ?1').bind(now.toISOString()),
    db
      .prepare(
        `INSERT INTO keyless_used_nonces (issuer_nonce, expires_at) VALUES (?1, ?2)
         ON CONFLICT (issuer_nonce) DO NOTHING`,
      )
      .bind(issuerNonce, expiresAt.toISOString()),
  ]);
  return inserted?.meta.changes === 1;
};

/** The secret stored under `name`, or null. */
export const getLocalSecret = async (db: D1Database, name: string) =>
  (await db.prepare('SELECT value FROM local_secrets WHERE name = ?1').bind(name).first<{ value: string }>())
    ?.value ?? null;

/**
 * Stores `value` under `name` unless a secret is already there, and answers the stored one: when two
 * requests race to create it, both read back the one that landed first.
 */
export const insertLocalSecretOnce = async (db: D1Database, name: string, value: string, now: Date) => {
  const [, selected] = await db.batch<{ value: string }>([
    db
      .prepare(
        `INSERT INTO local_secrets (name, value, created_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO NOTHING`,
      )
      .bind(name, value, now.toISOString()),
    db.prepare('SELECT value FROM local_secrets WHERE name = ?1').bind(name),
  ]);
  const stored = selected?.results[0]?.value;
  if (stored === undefined) throw new Error(`The local secret ${name} was not stored`);
  return stored;
};

/** The secret under `name`, made by `make` and stored the first time it is asked for. */
export const localSecret = async (db: D1Database, name: string, make: () => Promise<string>, now: Date) =>
  (await getLocalSecret(db, name)) ?? insertLocalSecretOnce(db, name, await make(), now);

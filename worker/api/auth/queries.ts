/** SQL for sign-in nonces and sessions. Session ids are SHA-256 hashes of the cookie token. */

/** A statement (for a batch) that records a nonce issued to `address`. */
export const insertNonce = (db: D1Database, nonce: string, address: string, expiresAt: Date) =>
  db
    .prepare('INSERT INTO auth_nonces (nonce, address, expires_at) VALUES (?1, ?2, ?3)')
    .bind(nonce, address, expiresAt.toISOString());

/**
 * Takes a nonce issued to `address` out of circulation and answers whether it was still valid.
 * One DELETE … RETURNING, so two concurrent sign-ins with the same nonce cannot both succeed.
 */
export const consumeNonce = async (db: D1Database, nonce: string, address: string, now: Date) => {
  const row = await db
    .prepare('DELETE FROM auth_nonces WHERE nonce = ?1 AND address = ?2 RETURNING expires_at')
    .bind(nonce, address)
    .first<{ expires_at: string }>();
  return row !== null && row.expires_at > now.toISOString();
};

/** A statement (for a batch) that drops expired nonces, which keeps the table small. */
export const deleteExpiredNonces = (db: D1Database, now: Date) =>
  db.prepare('DELETE FROM auth_nonces WHERE expires_at <= ?1').bind(now.toISOString());

export const insertSession = (
  db: D1Database,
  session: { tokenHash: string; address: string; method: 'wallet' | 'keyless'; expiresAt: Date; now: Date },
) =>
  db
    .prepare(
      `INSERT INTO sessions (id, address, method, expires_at, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5)`,
    )
    .bind(
      session.tokenHash,
      session.address,
      session.method,
      session.expiresAt.toISOString(),
      session.now.toISOString(),
    )
    .run();

export const deleteSession = (db: D1Database, tokenHash: string) =>
  db.prepare('DELETE FROM sessions WHERE id = ?1').bind(tokenHash).run();

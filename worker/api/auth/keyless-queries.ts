/** SQL for keyless sign-in: used id_token nonces (0002_keyless.sql). */

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

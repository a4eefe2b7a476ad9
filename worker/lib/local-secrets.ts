/**
 * The worker's self-made secrets, kept in D1 `local_secrets` (0002_keyless.sql) where no real one is
 * configured: the keyless pepper, the chat token key, the local relayer and faucet keys, the dev
 * OpenID provider's signing key.
 */

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

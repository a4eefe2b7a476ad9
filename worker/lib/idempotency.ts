import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { sha256Hex } from './crypto';
import { ApiError, badRequest } from './errors';
import { newId } from './ids';
import { currentSession, registeredUser } from './session';
import { prepare, sql } from './sql';

export const IDEMPOTENCY_KEY_MAX = 128;
/** A key answers its first request for a day; after that the same key starts a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request';

/**
 * What the middleware hands the handler: the key scoped to (route, user, generation); absent without
 * a key. Optional, so a context of this env still passes where an `AppEnv` one is asked for.
 */
export type IdempotencyEnv = AppEnv & { Variables: { idempotencyKey?: string } };

/** JSON with object keys sorted at every depth: key order and spacing do not change a fingerprint. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/** sha-256 of the canonical JSON body (of the raw text when it is not JSON: the validator refuses it). */
const fingerprintOf = (body: string) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return sha256Hex(body);
  }
  return sha256Hex(canonicalJson(parsed));
};

type KeyScope = { userId: string; route: string; key: string };

/**
 * Stores the key's first use, race-safe: expired keys go, the insert does nothing when the key is
 * already there, and the read answers whichever use got in first (one D1 batch, one transaction).
 */
const claimKey = async (db: D1Database, scope: KeyScope, fingerprint: string, now: Date) => {
  const [, , stored] = await db.batch<{ id: string; fingerprint: string }>([
    prepare(
      db,
      sql(
        'DELETE FROM idempotency_keys WHERE created_at < ?1',
        new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString(),
      ),
    ),
    prepare(
      db,
      sql(
        `INSERT INTO idempotency_keys (id, user_id, route, key, fingerprint, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (user_id, route, key) DO NOTHING`,
        newId(),
        scope.userId,
        scope.route,
        scope.key,
        fingerprint,
        now.toISOString(),
      ),
    ),
    prepare(
      db,
      sql(
        'SELECT id, fingerprint FROM idempotency_keys WHERE user_id = ?1 AND route = ?2 AND key = ?3',
        scope.userId,
        scope.route,
        scope.key,
      ),
    ),
  ]);
  const row = stored?.results[0];
  if (!row) throw new Error(`idempotency key of ${scope.userId} on ${scope.route} was not stored`);
  return row;
};

/**
 * The one `Idempotency-Key` rule for money routes: the key is scoped to the caller and to `route` (a
 * fixed name given where it is mounted, never the URL), and remembers the fingerprint of its first
 * request. A reuse with another body is a 422 before the handler writes anything; the same body goes
 * on to the handler with `c.var.idempotencyKey`, the key scoped to (route, user, generation), which
 * the handler's replay path (tip row, ledger key) uses to answer the first answer. Mount it after
 * `signedIn` and the body's validator, before `registered`.
 */
export const idempotent = (route: string) =>
  createMiddleware<IdempotencyEnv>(async (c, next) => {
    const key = c.req.header('Idempotency-Key') ?? '';
    if (key.length > IDEMPOTENCY_KEY_MAX) {
      throw badRequest(`Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
    }
    if (!key) return next();
    // The key is scoped to a profile, so its check comes here, after the key's own 400.
    const caller = registeredUser(await currentSession(c));
    const fingerprint = await fingerprintOf(await c.req.text());
    const stored = await claimKey(c.env.DB, { userId: caller.id, route, key }, fingerprint, new Date());
    if (stored.fingerprint !== fingerprint)
      throw new ApiError(422, 'idempotency_mismatch', IDEMPOTENCY_MISMATCH);
    c.set('idempotencyKey', `${route}:${caller.id}:${stored.id}`);
    return next();
  });

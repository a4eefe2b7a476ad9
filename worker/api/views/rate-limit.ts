import type { Context } from 'hono';
import { VIEW_RATE_LIMITS } from '../../../schema/views';
import type { AppEnv } from '../../lib/app-env';
import { tooMany } from '../../lib/errors';

export type ViewAction = 'create' | 'update';

const WINDOW_MS = 60_000;
const LIMITS: Record<ViewAction, number> = {
  create: VIEW_RATE_LIMITS.createsPerMinute,
  update: VIEW_RATE_LIMITS.updatesPerMinute,
};
/** One call in this many also drops rows of windows long past, keeping the table small. */
const PRUNE_ONE_IN = 100;

/**
 * Counts one call in the bucket's current fixed window and answers the count so far. One UPSERT …
 * RETURNING, so concurrent calls never lose a count; a row left from an older window restarts at 1.
 */
export const countHit = async (db: D1Database, bucket: string, now: number): Promise<number> => {
  const window = Math.floor(now / WINDOW_MS);
  const hit = db
    .prepare(
      `INSERT INTO view_rate_limits (bucket, window_start, hits) VALUES (?1, ?2, 1)
       ON CONFLICT (bucket) DO UPDATE SET
         hits = CASE WHEN excluded.window_start <= view_rate_limits.window_start
                     THEN view_rate_limits.hits + 1 ELSE 1 END,
         window_start = MAX(view_rate_limits.window_start, excluded.window_start)
       RETURNING hits`,
    )
    .bind(bucket, window);
  if (Math.random() * PRUNE_ONE_IN >= 1) return (await hit.first<{ hits: number }>())?.hits ?? 1;
  const prune = db.prepare('DELETE FROM view_rate_limits WHERE window_start < ?1').bind(window - 1);
  const [counted] = await db.batch<{ hits: number }>([hit, prune]);
  return counted?.results[0]?.hits ?? 1;
};

/**
 * Refuses a viewer's view call past its per-minute budget with a 429 `rate_limited` and a
 * `Retry-After` until the window ends. `viewer` is 'user:<id>' or 'ip:<address>'.
 */
export const limitViewCalls = async (
  c: Context<AppEnv>,
  action: ViewAction,
  viewer: string,
): Promise<void> => {
  const now = Date.now();
  const hits = await countHit(c.env.DB, `${action}:${viewer}`, now);
  if (hits <= LIMITS[action]) return;
  c.header('Retry-After', String(Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000)));
  throw tooMany('Too many view requests, try again in a minute');
};

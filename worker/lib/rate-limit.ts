import type { Context, MiddlewareHandler } from 'hono';
import { configFor } from '../config/config';
import type { AppEnv } from './app-env';
import { type ApiError, tooMany } from './errors';
import { currentSession } from './session';

/** The names of wrangler.toml's `[[ratelimits]]` bindings. */
export type RateLimiterName = {
  [K in keyof Env]-?: Env[K] extends RateLimit ? K : never;
}[keyof Env];

/** Who a limit counts: a key, or null when the request carries nothing to count it by. */
export type RateLimitKey = (c: Context<AppEnv>) => string | null | Promise<string | null>;

/** Every limiter is configured with `period = 60`: its count restarts within a minute. */
const RETRY_AFTER_SECONDS = '60';

/**
 * The caller's IP as Cloudflare's edge saw it. On Cloudflare every request carries it; only a request
 * made inside the runtime (the worker tests' `SELF.fetch`) comes without, and has no IP to count.
 */
export const byIp = (c: Context<AppEnv>): string | null => {
  const ip = c.req.header('CF-Connecting-IP');
  return ip ? `ip:${ip}` : null;
};

/** The signed-in caller's profile id, else the address they signed in with, else their IP. */
export const byUser: RateLimitKey = async (c) => {
  const session = await currentSession(c);
  if (session?.user) return `user:${session.user.id}`;
  if (session) return `address:${session.address}`;
  return byIp(c);
};

export const rateLimited = () => tooMany('Too many requests. Please try again in a minute.');

/** `RATE_LIMITS_OFF` lists limiters a load benchmark turns off on its own command line. */
const isOff = (env: Env, name: RateLimiterName) =>
  (configFor(env).RATE_LIMITS_OFF ?? '').split(',').some((entry) => entry.trim() === name);

/**
 * Counts the request against the `name` binding (Cloudflare's Rate Limiting, per key) and refuses it
 * past the binding's limit: by default a 429 `rate_limited` with `Retry-After`, or `refuse()`'s error.
 * Placed before validation, so a refused request reads no body and writes nothing.
 */
export const rateLimit = (
  name: RateLimiterName,
  key: RateLimitKey,
  refuse: () => ApiError = rateLimited,
): MiddlewareHandler<AppEnv> =>
  async function limitRate(c, next) {
    const counted = isOff(c.env, name) ? null : await key(c);
    if (counted !== null) {
      const { success } = await c.env[name].limit({ key: counted });
      if (!success) {
        c.header('Retry-After', RETRY_AFTER_SECONDS);
        throw refuse();
      }
    }
    await next();
  };

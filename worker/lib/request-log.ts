import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { ApiErrorBodySchema } from '../../schema/api';
import type { AppEnv } from './app-env';
import { sha256Hex } from './crypto';
import { ApiError } from './errors';

type Level = 'info' | 'warn' | 'error';

/**
 * `REQUEST_LOG=errors` (the worker tests) keeps only the 5xx lines. Read raw: the log also runs while
 * the config is invalid, and the config gate has already refused any value but "all" or "errors".
 */
const quietFor = (env: object) => (env as { REQUEST_LOG?: unknown }).REQUEST_LOG === 'errors';

/** Who was refused, without naming them: the first 16 hex of SHA-256 of their user id (or address). */
const userHashOf = async (session: AppEnv['Variables']['sessionLookup']): Promise<string | null> => {
  const signedIn = await session?.catch(() => null);
  if (!signedIn) return null;
  return (await sha256Hex(signedIn.user?.id ?? signedIn.address)).slice(0, 16);
};

/**
 * The code and message the error handler answered with; an unexpected error keeps its own message
 * and stack here (the caller saw only "Internal server error").
 */
const describeError = async (error: Error, answer: Response) => {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  if (error instanceof HTTPException) {
    const body = ApiErrorBodySchema.safeParse(
      await answer
        .clone()
        .json()
        .catch(() => null),
    );
    return body.success ? body.data.error : { code: 'internal', message: error.message };
  }
  return { code: 'internal', message: error.message, stack: error.stack };
};

/**
 * One JSON line per request (Workers Logs index JSON fields): the Cloudflare ray id (or a made-up
 * one locally), method, the matched route pattern (never the path: paths carry stream keys and ids),
 * status and milliseconds. A request that failed adds the error's code and message and a hash of the
 * caller's user id when the route had looked the session up. Headers, cookies and bodies are never
 * written.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const ray = c.req.header('cf-ray') ?? crypto.randomUUID();
  await next();
  const status = c.res.status;
  const level: Level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (level !== 'error' && quietFor(c.env)) return;
  const line = {
    level,
    msg: 'request',
    ray,
    method: c.req.method,
    route: routePath(c),
    status,
    ms: Date.now() - started,
    ...(c.error
      ? { ...(await describeError(c.error, c.res)), userHash: await userHashOf(c.get('sessionLookup')) }
      : {}),
  };
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
  write(JSON.stringify(line));
});

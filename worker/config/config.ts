import { createMiddleware } from 'hono/factory';
import { ApiError, notFound } from '../lib/errors';
import { type Config, type ConfigProblem, describeProblems, parseConfig } from './schema';

/** The environment is unusable: the deploy is broken, so every request is refused until it is fixed. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(describeProblems(problems));
    this.name = 'ConfigError';
  }
}

// Keyed by the env object: one parse per isolate in production, and a fresh one for each env a
// test builds by spreading `env` with changes.
const parsed = new WeakMap<object, Config | ConfigError>();

/**
 * The typed configuration of `env`, parsed once per env object. Throws `ConfigError` for an invalid
 * one, which is logged (names only, never values) the first time it is seen.
 */
export const configFor = (env: object): Config => {
  let result = parsed.get(env);
  if (!result) {
    const outcome = parseConfig(env as Record<string, unknown>);
    result = outcome.ok ? outcome.config : new ConfigError(outcome.problems);
    parsed.set(env, result);
    if (result instanceof ConfigError) {
      console.error(JSON.stringify({ level: 'error', msg: 'config', problems: result.problems }));
    }
  }
  if (result instanceof ConfigError) throw result;
  return result;
};

/**
 * Refuses every request while the configuration is invalid: a 500 `misconfigured` naming the bad
 * variables. The one 5xx we answer on purpose; a typo must never fall back to a local provider.
 */
export const requireValidConfig = createMiddleware(async (c, next) => {
  try {
    configFor(c.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ApiError(500, 'misconfigured', `The server is misconfigured: ${error.message}`);
  }
  await next();
});

/** The local stream ingest answers only while `STREAM_PROVIDER` is local; with Livepeer it is a 404. */
export const onlyWithLocalStream = createMiddleware(async (c, next) => {
  if (configFor(c.env).STREAM_PROVIDER !== 'local') throw notFound();
  await next();
});

/** Whether `env` is a valid configuration, for work started outside a request's middleware. */
export const hasValidConfig = (env: object) => {
  try {
    configFor(env);
    return true;
  } catch (error) {
    if (error instanceof ConfigError) return false;
    throw error;
  }
};

import type { SignedIn } from './session';

/**
 * Hono's environment for every route: the bindings of wrangler.toml, and the caller's session,
 * looked up at most once per request and only by routes that ask (lib/session.ts).
 */
export type AppEnv = { Bindings: Env; Variables: { sessionLookup?: Promise<SignedIn | null> } };

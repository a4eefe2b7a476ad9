import type { SessionUser } from '../../schema/user';

/** A signed-in caller: the address they proved, how, and their profile once registered. */
export type SignedIn = {
  tokenHash: string;
  address: string;
  method: 'wallet' | 'keyless';
  user: SessionUser | null;
};

/**
 * Hono's environment for every route: the bindings of wrangler.toml, and the caller's session,
 * looked up at most once per request and only by routes that ask (lib/session.ts).
 */
export type AppEnv = { Bindings: Env; Variables: { sessionLookup?: Promise<SignedIn | null> } };

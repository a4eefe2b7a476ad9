/** Hono's environment for every route of this worker: the bindings of wrangler.toml. */
export type AppEnv = { Bindings: Env };

import * as z from 'zod/mini';

/**
 * The worker's environment as one shape: the [vars] of wrangler.toml and the secrets set with
 * `wrangler secret put`. Runs in the worker (config.ts) and in Node (scripts/deploy.ts), so it
 * imports nothing but zod. Messages name what is wrong, never echo the value (it may be a secret).
 */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? 'is not set' : `must be one of: ${values.join(', ')}`),
  });

const text = z.string({ error: 'is not set' });
const address = text.check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits'));
const wholeNumber = z.transform((value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN));
const positiveInteger = z.pipe(
  text,
  z.pipe(
    wholeNumber,
    z.number().check(z.int('must be a whole number above 0'), z.positive('must be a whole number above 0')),
  ),
);
/**
 * Whole seconds from 1 to 60: the withdrawal timings, whose production value is their 60 s default.
 * Never longer, so the ledger audit's settle window (worker/money/settle-timing.ts) still holds.
 */
const ONE_TO_SIXTY = 'must be a whole number from 1 to 60';
const secondsUpToAMinute = z.pipe(
  text,
  z.pipe(
    wholeNumber,
    z.number({ error: ONE_TO_SIXTY }).check(z.gte(1, ONE_TO_SIXTY), z.lte(60, ONE_TO_SIXTY)),
  ),
);
/** Absent, empty and blank are all "not set", as `wrangler secret put` with an empty value. */
const optionalSecret = z.optional(
  z.pipe(
    z.string(),
    z.transform((value) => value.trim() || undefined),
  ),
);

export const APTOS_NETWORKS = ['local', 'devnet', 'testnet', 'mainnet'] as const;

export const ConfigSchema = z.object({
  /** "on" lets the local providers run (npm start and the tests set it); never set when deployed. */
  LOCAL_PROVIDERS: z.optional(z.enum(['on', ''], { error: 'must be "on" or unset' })),
  APP_VERSION: text.check(z.minLength(1, 'is not set')),
  APTOS_NETWORK: oneOf(APTOS_NETWORKS),
  APTOS_NODE_URL: text,
  PLATFORM_ADDRESS: address,
  REEL_ASSET: address,
  IDENTITY_PROVIDER: oneOf(['local', 'google']),
  GOOGLE_CLIENT_ID: z.optional(z.string()),
  DEV_OIDC_CLIENT_ID: z.optional(z.string()),
  STREAM_PROVIDER: oneOf(['local', 'livepeer']),
  /** The cap on one video in bytes; unset: 4 GiB (`DEFAULT_MAX_UPLOAD_BYTES`). */
  MAX_UPLOAD_BYTES: z.optional(positiveInteger),
  MAX_OPEN_UPLOADS: positiveInteger,
  UPLOAD_DAILY_QUOTA_BYTES: positiveInteger,
  RATE_LIMITS_OFF: z.optional(z.string()),
  /** Sockets per chat shard; unset: 10,000 (`SHARD_CAPACITY`). Small only where tests and the bench spread a few. */
  CHAT_SHARD_CAPACITY: z.optional(positiveInteger),
  /**
   * Seconds settlement leaves a new withdrawal to its own request; unset: 60 (`SETTLE_AFTER_MS`).
   * Shorter only where requests are known dead sooner (the fault test's SIGKILLed wrangler dev).
   */
  WITHDRAW_SETTLE_AFTER_SECONDS: z.optional(secondsUpToAMinute),
  /** Seconds a signed withdrawal transfer may wait to commit; unset: 60 (`SEND_EXPIRY_SECONDS`). */
  WITHDRAW_SEND_EXPIRY_SECONDS: z.optional(secondsUpToAMinute),
  /** "errors" keeps only the 5xx lines of the request log (the worker tests, thousands of requests). */
  REQUEST_LOG: z.optional(z.enum(['all', 'errors'], { error: 'must be "all", "errors" or unset' })),
  /**
   * The local WebRTC relay (scripts/webrtc-relay, started by `npm start`) on loopback, e.g.
   * `http://127.0.0.1:8790`; unset: no WHIP/WHEP (`/whip`, `/whep` answer 404, whipUrl is null).
   */
  WEBRTC_RELAY_URL: optionalSecret,
  RELAYER_PRIVATE_KEY: optionalSecret,
  KEYLESS_PEPPER_SECRET: optionalSecret,
  LIVEPEER_API_KEY: optionalSecret,
  /** R2's S3 API (`https://<account>.r2.cloudflarestorage.com`) for direct uploads; unset: local `/s3`. */
  R2_S3_ENDPOINT: optionalSecret,
  R2_BUCKET_NAME: optionalSecret,
  R2_ACCESS_KEY_ID: optionalSecret,
  R2_SECRET_ACCESS_KEY: optionalSecret,
});
export type Config = z.infer<typeof ConfigSchema>;

/** The secrets, by name: the deploy script checks they are declared, never their values. */
export const SECRET_NAMES = [
  'RELAYER_PRIVATE_KEY',
  'KEYLESS_PEPPER_SECRET',
  'LIVEPEER_API_KEY',
  'R2_ACCESS_KEY_ID',
  'R2_SECRET_ACCESS_KEY',
] as const;

/** One thing wrong with the environment: the variable and why, never its value. */
export type ConfigProblem = { variable: string; problem: string };

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * What the choices need beyond their own shape: a local provider only with LOCAL_PROVIDERS on, and
 * the secrets and ids each real provider cannot run without.
 */
const requirementProblems = (config: Config): ConfigProblem[] => {
  const problems: ConfigProblem[] = [];
  const localOn = config.LOCAL_PROVIDERS === 'on';
  const needsFlag = (variable: string, what: string) =>
    problems.push({ variable, problem: `selects ${what}, which runs only with LOCAL_PROVIDERS set to "on"` });
  const missing = (variable: string, because: string) =>
    problems.push({ variable, problem: `is not set (${because})` });

  if (config.APTOS_NETWORK === 'local') {
    if (!localOn) needsFlag('APTOS_NETWORK', 'the local chain');
  } else {
    if (!/^https:\/\/\S+$/.test(config.APTOS_NODE_URL) && config.APTOS_NODE_URL !== '') {
      problems.push({
        variable: 'APTOS_NODE_URL',
        problem: 'must be an https:// URL (or empty) off the local chain',
      });
    }
    if (!config.RELAYER_PRIVATE_KEY)
      missing('RELAYER_PRIVATE_KEY', `APTOS_NETWORK is ${config.APTOS_NETWORK}`);
  }
  if (config.IDENTITY_PROVIDER === 'local') {
    if (!localOn) needsFlag('IDENTITY_PROVIDER', 'the dev sign-in provider');
    if (blank(config.DEV_OIDC_CLIENT_ID)) missing('DEV_OIDC_CLIENT_ID', 'IDENTITY_PROVIDER is local');
  } else {
    if (blank(config.GOOGLE_CLIENT_ID)) missing('GOOGLE_CLIENT_ID', 'IDENTITY_PROVIDER is google');
    if (!config.KEYLESS_PEPPER_SECRET) missing('KEYLESS_PEPPER_SECRET', 'IDENTITY_PROVIDER is google');
  }
  if (config.STREAM_PROVIDER === 'local') {
    if (!localOn) needsFlag('STREAM_PROVIDER', 'the local stream ingest');
  } else if (!config.LIVEPEER_API_KEY) {
    missing('LIVEPEER_API_KEY', 'STREAM_PROVIDER is livepeer');
  }
  if (config.WEBRTC_RELAY_URL) {
    if (!localOn) needsFlag('WEBRTC_RELAY_URL', 'the local WebRTC relay');
    if (!/^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(config.WEBRTC_RELAY_URL)) {
      problems.push({
        variable: 'WEBRTC_RELAY_URL',
        problem: 'must be http://127.0.0.1:<port> (the relay listens on loopback only)',
      });
    }
  }
  if (!config.R2_S3_ENDPOINT) {
    if (!localOn) needsFlag('R2_S3_ENDPOINT', 'the local S3 endpoint for uploads (it is not set)');
  } else {
    if (!/^https:\/\/\S+$/.test(config.R2_S3_ENDPOINT)) {
      problems.push({ variable: 'R2_S3_ENDPOINT', problem: 'must be an https:// URL' });
    }
    for (const variable of ['R2_BUCKET_NAME', 'R2_ACCESS_KEY_ID', 'R2_SECRET_ACCESS_KEY'] as const) {
      if (!config[variable]) missing(variable, 'R2_S3_ENDPOINT is set');
    }
  }
  return problems;
};

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

/** Reads an environment (the worker's env, or wrangler.toml's vars plus secrets) into a `Config`. */
export const parseConfig = (source: Record<string, unknown>): ConfigResult => {
  const parsed = ConfigSchema.safeParse(source);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'env'),
        problem: issue.message,
      })),
    };
  }
  const problems = requirementProblems(parsed.data);
  return problems.length === 0 ? { ok: true, config: parsed.data } : { ok: false, problems };
};

/** "IDENTITY_PROVIDER must be one of: local, google; LIVEPEER_API_KEY is not set (…)". */
export const describeProblems = (problems: ConfigProblem[]) =>
  problems.map(({ variable, problem }) => `${variable} ${problem}`).join('; ');

import { unstable_readConfig } from 'wrangler';
import { type ConfigProblem, parseConfig, SECRET_NAMES } from '../../worker/config/schema';

export const DEPLOY_ENVS = ['staging', 'production'] as const;
export type DeployEnv = (typeof DEPLOY_ENVS)[number];

export type DeployCheck = {
  /** What makes the env's config wrong: CI and `npm run deploy` refuse it. */
  problems: ConfigProblem[];
  /** Values still marked for replacement (zero address or id, REPLACE_ME): only a real deploy refuses. */
  placeholders: string[];
  /** The secrets wrangler refuses to deploy without (`[env.<name>.secrets] required`). */
  requiredSecrets: string[];
  vars: Record<string, unknown>;
};

const ZERO_ADDRESS = /^0x0{64}$/;
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/** The part of wrangler's resolved config read here (its published types do not resolve offline). */
type Config = {
  vars: Record<string, unknown>;
  secrets?: { required?: string[] };
  d1_databases: { binding: string; database_id?: string }[];
  r2_buckets: { binding: string }[];
  durable_objects: { bindings: { name: string }[] };
  ratelimits: { name: string }[];
};

/** Every binding of a config by kind and name, e.g. "ratelimits.TIP_LIMITER". */
const bindingNames = (config: Config) => [
  ...config.d1_databases.map((db) => `d1_databases.${db.binding}`),
  ...config.r2_buckets.map((bucket) => `r2_buckets.${bucket.binding}`),
  ...config.durable_objects.bindings.map((binding) => `durable_objects.${binding.name}`),
  ...config.ratelimits.map((limiter) => `ratelimits.${limiter.name}`),
  ...Object.keys(config.vars).map((name) => `vars.${name}`),
];

const placeholdersIn = (config: Config) => [
  ...Object.entries(config.vars)
    .filter(
      ([, value]) => typeof value === 'string' && (ZERO_ADDRESS.test(value) || value.includes('REPLACE_ME')),
    )
    .map(([name]) => name),
  ...config.d1_databases
    .filter((db) => !db.database_id || db.database_id === ZERO_UUID)
    .map((db) => `d1_databases.${db.binding}.database_id`),
];

/**
 * Checks a deployed env of wrangler.toml offline, with the worker's own config schema: its vars as
 * the worker will read them, each secret it needs declared required (wrangler then refuses to deploy
 * while one is unset; the values are never read here), no LOCAL_PROVIDERS and no secret in [vars],
 * and every binding of the top level repeated (wrangler does not inherit them into an env).
 */
export const checkDeployConfig = (configPath: string, env: DeployEnv): DeployCheck => {
  const read = (name?: DeployEnv): Config =>
    unstable_readConfig({ config: configPath, env: name }, { hideWarnings: true });
  const config = read(env);
  const vars: Record<string, unknown> = { ...config.vars };
  const requiredSecrets = config.secrets?.required ?? [];
  const problems: ConfigProblem[] = [];

  if ('LOCAL_PROVIDERS' in vars) {
    problems.push({ variable: 'LOCAL_PROVIDERS', problem: 'must never be set in a deployed env' });
  }
  for (const name of SECRET_NAMES.filter((secret) => secret in vars)) {
    problems.push({
      variable: name,
      problem: `is a secret: set it with wrangler secret put --env ${env}, not in [vars]`,
    });
  }
  // Stand-ins for the declared secrets: what is judged is the vars, and that each secret is declared.
  const standIns = Object.fromEntries(requiredSecrets.map((name) => [name, 'declared']));
  const parsed = parseConfig({ ...vars, ...standIns });
  if (!parsed.ok) {
    for (const { variable, problem } of parsed.problems) {
      const secret = (SECRET_NAMES as readonly string[]).includes(variable);
      if (secret && variable in vars) continue; // already reported above
      problems.push({
        variable,
        problem: secret ? `must be listed in [env.${env}.secrets] required (${problem})` : problem,
      });
    }
  }
  const own = new Set(bindingNames(config));
  for (const name of bindingNames(read()).filter((binding) => !own.has(binding))) {
    problems.push({ variable: name, problem: `is at the top level but not in [env.${env}] (not inherited)` });
  }
  return { problems, placeholders: placeholdersIn(config), requiredSecrets, vars };
};

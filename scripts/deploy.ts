/**
 * `npm run deploy -- --env staging|production`: checks the env's config offline with the worker's
 * own schema (scripts/lib/deploy-config.ts), builds the PWA for that env's chain, applies the D1
 * migrations to the env's remote database, then deploys. Refuses without --env: a deploy of the
 * top-level (local) config would serve nothing (it lacks LOCAL_PROVIDERS) and must never happen.
 *
 * `--dry-run` (CI, `npm run check:deploy`): the same check, minus placeholders, then
 * `wrangler deploy --dry-run`, which bundles without any network; nothing is built or applied.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkDeployConfig, DEPLOY_ENVS, type DeployEnv } from './lib/deploy-config';
import { runBin } from './lib/run';

const { values } = parseArgs({
  options: { env: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
const isDeployEnv = (value: string | undefined): value is DeployEnv =>
  (DEPLOY_ENVS as readonly string[]).includes(value ?? '');
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const env = isDeployEnv(values.env)
  ? values.env
  : fail(`Usage: npm run deploy -- --env ${DEPLOY_ENVS.join('|')} [--dry-run]`);
const dryRun = values['dry-run'];

const check = checkDeployConfig('wrangler.toml', env);
if (check.problems.length > 0) {
  fail(
    `wrangler.toml [env.${env}] is not deployable:\n${check.problems
      .map(({ variable, problem }) => `  - ${variable} ${problem}`)
      .join('\n')}`,
  );
}
if (!dryRun && check.placeholders.length > 0) {
  fail(`Replace the placeholders in wrangler.toml [env.${env}] first: ${check.placeholders.join(', ')}`);
}
console.log(
  `wrangler.toml [env.${env}] is valid; secrets wrangler will require: ${check.requiredSecrets.join(', ')}`,
);

if (dryRun) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'reel-dry-run-'));
  try {
    runBin('wrangler', ['deploy', '--dry-run', '--env', env, '--outdir', outdir], { quiet: true });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
  console.log(`wrangler deploy --dry-run --env ${env}: bundled`);
} else {
  // The PWA compiles the dev wallet in only for the local chain (vite.config.ts reads APTOS_NETWORK).
  process.env.APTOS_NETWORK = String(check.vars.APTOS_NETWORK);
  runBin('vite', ['build', '--logLevel', 'warn']);
  runBin('wrangler', ['d1', 'migrations', 'apply', 'DB', '--remote', '--env', env]);
  runBin('wrangler', ['deploy', '--env', env]);
}

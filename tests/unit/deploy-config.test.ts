import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDeployConfig } from '../../scripts/lib/deploy-config';
import { SECRET_NAMES } from '../../worker/config/schema';

const WRANGLER_TOML = readFileSync('wrangler.toml', 'utf8');
const scratch = mkdtempSync(path.join(tmpdir(), 'reel-deploy-config-'));

/** A copy of wrangler.toml with one edit, beside the real one's relative paths. */
const modifiedCopy = (edit: (toml: string) => string) => {
  const edited = edit(WRANGLER_TOML);
  expect(edited).not.toBe(WRANGLER_TOML);
  const file = path.join(scratch, `wrangler-${crypto.randomUUID()}.toml`);
  writeFileSync(file, edited);
  return file;
};

/** Replaces the first occurrence after the `[env.<name>…` header, so the top-level config stays as is. */
const inEnv = (toml: string, env: string, from: string, to: string) => {
  const start = toml.indexOf(`[env.${env}.vars]`);
  const at = toml.indexOf(from, start);
  return at < 0 ? toml : `${toml.slice(0, at)}${to}${toml.slice(at + from.length)}`;
};

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('deploy config check', () => {
  it.each(['staging', 'production'] as const)(
    'finds wrangler.toml [env.%s] valid apart from secrets, placeholders aside',
    (env) => {
      const check = checkDeployConfig('wrangler.toml', env);
      expect(check.problems).toEqual([]);
      // A deployed env runs a real provider of each kind, so it needs every secret the worker knows
      // but the other stream provider's: both envs stream with Livepeer, not Cloudflare Stream.
      const needed = SECRET_NAMES.filter((name) => name !== 'CLOUDFLARE_STREAM_API_TOKEN');
      expect(check.requiredSecrets).toEqual(expect.arrayContaining(needed));
    },
  );

  it('runs production on mainnet with Google sign-in and Livepeer', () => {
    expect(checkDeployConfig('wrangler.toml', 'production').vars).toMatchObject({
      APTOS_NETWORK: 'mainnet',
      IDENTITY_PROVIDER: 'google',
      STREAM_PROVIDER: 'livepeer',
    });
    expect(checkDeployConfig('wrangler.toml', 'staging').vars).toMatchObject({ APTOS_NETWORK: 'testnet' });
  });

  it('names the placeholders a real deploy must replace first', () => {
    expect(checkDeployConfig('wrangler.toml', 'production').placeholders).toEqual(
      expect.arrayContaining([
        'PLATFORM_ADDRESS',
        'REEL_ASSET',
        'GOOGLE_CLIENT_ID',
        'd1_databases.DB.database_id',
      ]),
    );
  });

  it('fails on a typo in the production vars, naming the variable', () => {
    const file = modifiedCopy((toml) =>
      inEnv(toml, 'production', 'IDENTITY_PROVIDER = "google"', 'IDENTITY_PROVIDER = "gogle"'),
    );
    const { problems } = checkDeployConfig(file, 'production');
    expect(problems.map((p) => p.variable)).toEqual(['IDENTITY_PROVIDER']);
    expect(checkDeployConfig(file, 'staging').problems).toEqual([]);
  });

  it('fails when production selects a local provider', () => {
    const file = modifiedCopy((toml) =>
      inEnv(toml, 'production', 'STREAM_PROVIDER = "livepeer"', 'STREAM_PROVIDER = "local"'),
    );
    expect(checkDeployConfig(file, 'production').problems.map((p) => p.variable)).toContain(
      'STREAM_PROVIDER',
    );
  });

  it('fails when production sets LOCAL_PROVIDERS', () => {
    const file = modifiedCopy((toml) =>
      inEnv(toml, 'production', 'RATE_LIMITS_OFF = ""', 'RATE_LIMITS_OFF = ""\nLOCAL_PROVIDERS = "on"'),
    );
    expect(checkDeployConfig(file, 'production').problems.map((p) => p.variable)).toEqual([
      'LOCAL_PROVIDERS',
    ]);
  });

  it('fails when production keeps a secret in [vars]', () => {
    const file = modifiedCopy((toml) =>
      inEnv(
        inEnv(toml, 'production', '  "LIVEPEER_API_KEY",\n', ''),
        'production',
        'RATE_LIMITS_OFF = ""',
        'RATE_LIMITS_OFF = ""\nLIVEPEER_API_KEY = "lp"',
      ),
    );
    expect(checkDeployConfig(file, 'production').problems.map((p) => p.variable)).toEqual([
      'LIVEPEER_API_KEY',
    ]);
  });

  it('fails when a required secret is not declared for the env', () => {
    const file = modifiedCopy((toml) => inEnv(toml, 'production', '  "KEYLESS_PEPPER_SECRET",\n', ''));
    expect(checkDeployConfig(file, 'production').problems.map((p) => p.variable)).toEqual([
      'KEYLESS_PEPPER_SECRET',
    ]);
  });

  it('fails when production lacks a binding the top level has', () => {
    const file = modifiedCopy((toml) =>
      toml.replace(
        /\n\[\[env\.production\.ratelimits\]\]\nname = "TIP_LIMITER"\nnamespace_id = "\d+"\nsimple = \{[^}]*\}\n/,
        '\n',
      ),
    );
    expect(checkDeployConfig(file, 'production').problems).toEqual([
      expect.objectContaining({ variable: 'ratelimits.TIP_LIMITER' }),
    ]);
  });
});

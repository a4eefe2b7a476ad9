import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Environment for wrangler and miniflare: no usage metrics, and no fetch of Cloudflare's
 * `Request.cf` sample from the internet, so local runs stay fully offline.
 */
export const OFFLINE_TOOL_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
} as const;

/**
 * Runs a local npm binary (node_modules/.bin) and throws when it exits non-zero. `quiet` keeps its
 * output off the terminal: a failure's error carries what it wrote to stderr instead, so a caller
 * that tries again (garden.spec.ts, on SQLITE_BUSY) prints nothing for an attempt that it retried.
 */
export const runBin = (bin: string, args: string[], options: { quiet?: boolean } = {}) => {
  const result = spawnSync(path.resolve('node_modules/.bin', bin), args, {
    stdio: options.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, ...OFFLINE_TOOL_ENV },
  });
  if (result.status !== 0) {
    const output = options.quiet ? `:\n${result.stderr?.toString().trim() ?? ''}` : '';
    throw new Error(`${bin} ${args.join(' ')} exited with ${result.status}${output}`);
  }
  return result;
};

/** Runs a local npm binary asynchronously, answering its exit code. */
export const runBinAsync = (bin: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<number>((resolve) => {
    const child = spawn(path.resolve('node_modules/.bin', bin), args, {
      stdio: 'inherit',
      env: { ...process.env, ...OFFLINE_TOOL_ENV, ...env },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });

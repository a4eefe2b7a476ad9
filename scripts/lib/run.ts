import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs a local npm binary (node_modules/.bin) and throws when it exits non-zero. */
export const runBin = (bin: string, args: string[], options: { quiet?: boolean } = {}) => {
  const result = spawnSync(path.resolve('node_modules/.bin', bin), args, {
    stdio: options.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(result.stderr ?? '');
    throw new Error(`${bin} ${args.join(' ')} exited with ${result.status}`);
  }
  return result;
};

/** Runs a local npm binary asynchronously, answering its exit code. */
export const runBinAsync = (bin: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<number>((resolve) => {
    const child = spawn(path.resolve('node_modules/.bin', bin), args, {
      stdio: 'inherit',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });

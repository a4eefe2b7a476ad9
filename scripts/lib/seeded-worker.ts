import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDirectWorker } from './direct-worker';
import { runBin } from './run';
import { applyMigrations, freePort, startWorker } from './worker-process';

/** A worker a benchmark measures: where it answers, and how to end it (and its state). */
export type BenchWorker = { url: string; stop: () => Promise<void> };

/**
 * Where a benchmark runs the product: `wrangler dev` (the whole product behind wrangler's dev proxy,
 * as `npm run dev` runs it), or workerd alone (`startDirectWorker`: the API without the PWA).
 */
export type BenchRuntime = 'wrangler' | 'workerd';

/** A benchmark's `--via` option: workerd unless it says wrangler. */
export const benchRuntime = (via: string | undefined): BenchRuntime => {
  if (via === undefined || via === 'workerd') return 'workerd';
  if (via === 'wrangler') return 'wrangler';
  throw new Error(`--via is workerd or wrangler, not ${via}`);
};

/** The worker on the state in `persistTo`, answering on `port`, on `runtime`, with more `vars`. */
export const startOn = (
  runtime: BenchRuntime,
  port: number,
  persistTo: string,
  vars: Record<string, string> = {},
): Promise<BenchWorker> =>
  runtime === 'workerd'
    ? startDirectWorker({ port, persistTo, vars })
    : startWorker({ port, persistTo, runtime: 'wrangler', logs: 'ignore', detached: true, vars });

/**
 * Starts the product for a benchmark: a throw-away state folder, every migration, then `prepare`
 * (the demo seed, extra rows) and the worker on a free loopback port (`wrangler dev` in its own
 * process group unless `runtime` says workerd). `stop()` ends the worker and deletes the folder.
 */
export const startBenchWorker = async (
  prepare?: (persistTo: string) => void,
  runtime: BenchRuntime = 'wrangler',
  vars: Record<string, string> = {},
): Promise<BenchWorker> => {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'reel-bench-'));
  try {
    await applyMigrations(persistTo);
    prepare?.(persistTo);
    const worker = await startOn(runtime, await freePort(), persistTo, vars);
    return {
      url: worker.url,
      stop: async () => {
        await worker.stop();
        rmSync(persistTo, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
};

/** `startBenchWorker` with the demo seed, then `prepare`. */
export const startSeededWorker = (
  options: { prepare?: (persistTo: string) => void; runtime?: BenchRuntime } = {},
): Promise<BenchWorker> =>
  startBenchWorker((persistTo) => {
    runBin('tsx', ['scripts/seed/index.ts', '--persist-to', persistTo], { quiet: true });
    options.prepare?.(persistTo);
  }, options.runtime);

/** Runs SQL against the local D1 database in `persistTo` (wrangler d1 execute --file). */
export const executeSqlFile = (persistTo: string, file: string) =>
  runBin('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file], {
    quiet: true,
  });

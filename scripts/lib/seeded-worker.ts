import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBin } from './run';
import { applyMigrations, freePort, type RunningWorker, startWorker } from './worker-process';

/**
 * Starts the product for a benchmark: a throw-away state folder, every migration, then `prepare`
 * (the demo seed, extra rows) and `wrangler dev` on a free loopback port in its own process group.
 * `stop()` ends the worker and deletes the folder.
 */
export const startBenchWorker = async (prepare?: (persistTo: string) => void): Promise<RunningWorker> => {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'reel-bench-'));
  try {
    applyMigrations(persistTo);
    prepare?.(persistTo);
    const worker = await startWorker({ port: await freePort(), persistTo, logs: 'ignore', detached: true });
    return {
      ...worker,
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
  options: { prepare?: (persistTo: string) => void } = {},
): Promise<RunningWorker> =>
  startBenchWorker((persistTo) => {
    runBin('tsx', ['scripts/seed/index.ts', '--persist-to', persistTo], { quiet: true });
    options.prepare?.(persistTo);
  });

/** Runs SQL against the local D1 database in `persistTo` (wrangler d1 execute --file). */
export const executeSqlFile = (persistTo: string, file: string) =>
  runBin('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file], {
    quiet: true,
  });

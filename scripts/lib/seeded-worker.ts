import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBin } from './run';
import { applyMigrations, freePort, type RunningWorker, startWorker } from './worker-process';

/**
 * Starts the product for a benchmark: a throw-away state folder, every migration, the demo seed,
 * then `prepare` (extra rows, say) and `wrangler dev` on a free loopback port in its own process
 * group. `stop()` ends the worker and deletes the folder.
 */
export const startSeededWorker = async (
  options: { prepare?: (persistTo: string) => void } = {},
): Promise<RunningWorker> => {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'reel-bench-'));
  try {
    applyMigrations(persistTo);
    runBin('tsx', ['scripts/seed/index.ts', '--persist-to', persistTo], { quiet: true });
    options.prepare?.(persistTo);
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

/** Runs SQL against the local D1 database in `persistTo` (wrangler d1 execute --file). */
export const executeSqlFile = (persistTo: string, file: string) =>
  runBin('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file], {
    quiet: true,
  });

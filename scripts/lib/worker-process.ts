import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { applyLocalMigrations } from './d1-migrations';
import { waitForHealth } from './health';
import { OFFLINE_TOOL_ENV } from './run';

/** Local state (D1, R2, Durable Objects) lives here unless a caller picks another folder. */
export const DEFAULT_PERSIST_DIR = '.wrangler/state';

/** Applies every D1 migration in schema/migrations to the local database in `persistTo`. */
export const applyMigrations = (persistTo: string) => applyLocalMigrations(persistTo);

/** Asks the OS for a free loopback port. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export type RunningWorker = { url: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * What serves the product: workerd alone (scripts/serve-worker.ts), or `wrangler dev`, whose proxy
 * worker rebuilds and reloads the worker when its sources change but answers a POST 503 when its
 * pooled connection to the worker had idled for just under 5 s (docs/decisions/0008).
 */
export type WorkerRuntime = 'workerd' | 'wrangler';

const serveCommand = (
  runtime: WorkerRuntime,
  port: number,
  persistTo: string,
  vars: Record<string, string>,
): [string, string[]] => {
  const varFlags = Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  return runtime === 'workerd'
    ? [
        process.execPath,
        [
          ...[
            '--import',
            'tsx',
            'scripts/serve-worker.ts',
            '--port',
            String(port),
            '--persist-to',
            persistTo,
          ],
          ...varFlags,
        ],
      ]
    : [
        path.resolve('node_modules/.bin/wrangler'),
        [
          ...['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', persistTo],
          // The local chain, sign-in and ingest run only with this flag (worker/config/CONTEXT.md); it
          // is set here, not in wrangler.toml, so no deploy can inherit it.
          ...['--var', 'LOCAL_PROVIDERS:on'],
          ...varFlags,
        ],
      ];
};

/**
 * Starts the whole product (worker, assets, D1, R2, rooms) on loopback, on workerd alone unless
 * `runtime` says wrangler, and resolves once it answers its health check.
 */
export const startWorker = async (options: {
  port: number;
  persistTo: string;
  runtime?: WorkerRuntime;
  /** Where its output goes; a file is appended to, so a restarted worker's output follows the last. */
  logs?: 'inherit' | 'ignore' | { file: string };
  /**
   * Request-log lines to leave out of the inherited output: the demo encoder's uploads (a segment
   * every second, a still every five) would bury everything else, and their URLs carry the stream's
   * secret key.
   */
  hideRequestLines?: RegExp;
  /**
   * Own process group, so `stop()` can end the process and its workerd children together. Leave it off
   * when a supervisor (a terminal, Playwright's webServer) signals our whole group itself.
   */
  detached?: boolean;
  /** More `[vars]` for this run (`--var NAME:value`), e.g. the fault test's shorter settlement. */
  vars?: Record<string, string>;
}): Promise<RunningWorker> => {
  const url = `http://127.0.0.1:${options.port}`;
  const [command, args] = serveCommand(
    options.runtime ?? 'workerd',
    options.port,
    options.persistTo,
    options.vars ?? {},
  );
  const logs = options.logs ?? 'inherit';
  const output = typeof logs === 'string' ? logs : openSync(logs.file, 'a');
  const child = spawn(command, args, {
    stdio: ['ignore', options.hideRequestLines ? 'pipe' : output, output],
    env: { ...process.env, ...OFFLINE_TOOL_ENV },
    detached: options.detached ?? false,
  });
  // The child holds its own copy of the file's descriptor.
  if (typeof output === 'number') closeSync(output);
  const hidden = options.hideRequestLines;
  if (hidden && child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!hidden.test(line)) process.stdout.write(`${line}\n`);
    });
  }
  const signal = (name: NodeJS.Signals) => {
    if (!child.pid) return;
    if (options.detached) process.kill(-child.pid, name);
    else child.kill(name);
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signal('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) signal('SIGKILL');
  };
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop };
};

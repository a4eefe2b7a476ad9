import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyMigrations, freePort, startWorker } from '../../scripts/lib/worker-process';

declare module 'vitest' {
  export interface ProvidedContext {
    workerUrl: string;
    /** The worker's `--persist-to` directory: room storage lives under `v3/do/`. */
    persistTo: string;
  }
}

/**
 * Starts the real worker (rooms are Durable Objects inside it) on a free loopback port, with a migrated
 * D1 so tests can sign up users and ask for chat tokens. Its chat shards hold 3 sockets each
 * (`CHAT_SHARD_CAPACITY`, 10,000 when deployed), so a handful of sockets spreads over several.
 */
export const TEST_SHARD_CAPACITY = 3;

export default async function setup(project: TestProject) {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'reel-party-'));
  await applyMigrations(persistTo);
  const worker = await startWorker({
    port: await freePort(),
    persistTo,
    logs: 'ignore',
    detached: true,
    vars: { CHAT_SHARD_CAPACITY: String(TEST_SHARD_CAPACITY) },
  });
  project.provide('workerUrl', worker.url);
  project.provide('persistTo', persistTo);
  return async () => {
    await worker.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}

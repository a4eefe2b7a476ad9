import { applyD1Migrations, evictAllDurableObjects, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeEach } from 'vitest';

/**
 * Every migration, in order, as one: `applyD1Migrations` runs each migration as its own D1 batch,
 * and before each of the worker project's ~700 tests those 17 round trips took twice as long as
 * one batch of the same statements (74 ms against 35 ms a test, 320 ms against 125 ms when the
 * machine is loaded).
 */
const allMigrations = [
  {
    name: env.TEST_MIGRATIONS.map((migration) => migration.name).join(', '),
    queries: env.TEST_MIGRATIONS.flatMap((migration) => migration.queries),
  },
];

// The Aptos ts-sdk, which the chain's routes load on first use, took 4-6 s to load into a runtime the
// first time (Vite transforms it for the Workers runtime), inside whichever test first touched the
// chain: over Vitest's time limit on a loaded machine (docs/tests.md, run 25). Loaded here, once per
// runtime, before any test's clock runs.
await import('@aptos-labs/ts-sdk');

// Every test starts from an empty, fully migrated database and bucket.
beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, allMigrations);
});

// Files run one after another in a shared runtime (vitest.config.ts): a file leaves nothing running
// for the next one. Eviction waits for the requests, alarms and writes still in flight (a stream's
// status room, an ingest's last writes) before the storage goes, so none of them lands in the next
// file's first test (one CI-like run under load listed another file's live session).
afterAll(async () => {
  await evictAllDurableObjects({ webSockets: 'close' });
  await reset();
});

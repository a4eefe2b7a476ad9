import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const migrations = await readD1Migrations('schema/migrations');

/**
 * Four kinds of tests (STYLE.md): pure functions in Node; routes and SQL inside the Workers runtime
 * against real D1 and R2 (miniflare); rooms over real WebSockets to a running worker; faults (a
 * SIGKILLed worker, abandoned requests, idle connections) against worker processes of their own,
 * started as `npm start` starts the product (workerd alone, scripts/serve-worker.ts).
 */
export default defineConfig({
  test: {
    // Four files at a time on two cores (Vitest's default there is one): much of a file's time is
    // waiting (a workerd per file starting, the fault tests' idle pauses and settlement). On 2 cores
    // the suite took 290 s with 2, 234 s with 3 and 196 s with 4, the idle-connection file alone 164 s.
    maxWorkers: 4,
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // The tests run the local chain, sign-in and ingest (worker/config/CONTEXT.md), and keep
              // only the 5xx lines of the request log, which would otherwise bury the report.
              bindings: { TEST_MIGRATIONS: migrations, LOCAL_PROVIDERS: 'on', REQUEST_LOG: 'errors' },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['tests/worker/apply-migrations.ts'],
        },
      },
      {
        test: {
          name: 'party',
          include: ['tests/party/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/party/global-setup.ts'],
          testTimeout: 20_000,
          // One running worker and one storage folder for all: a file that counts the rooms' storage
          // files (chat-room.test.ts) sees only its own rooms when no other file runs beside it.
          fileParallelism: false,
        },
      },
      {
        // Faults done for real against a running worker: SIGKILL mid-burst, aborted requests, idle pauses.
        test: { name: 'fault', include: ['tests/fault/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});

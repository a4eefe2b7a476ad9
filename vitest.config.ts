import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import ProjectOrderSequencer from './tests/sequencer.ts';

const migrations = await readD1Migrations('schema/migrations');

/**
 * Four kinds of tests (STYLE.md): pure functions in Node; routes and SQL inside the Workers runtime
 * against real D1 and R2 (miniflare); rooms over real WebSockets to a running worker; faults (a
 * SIGKILLed worker, abandoned requests, idle connections) against worker processes of their own,
 * started as `npm start` starts the product (workerd alone, scripts/serve-worker.ts).
 */
export default defineConfig({
  test: {
    // Five files at a time on two cores (Vitest's default there is one): much of a file's time is
    // waiting (a workerd starting, the fault tests' idle pauses and settlement), and two files that
    // mostly wait hold their slots for ~50 s. On 2 cores the suite once took 290 s with 2, 234 s with
    // 3 and 196 s with 4; now 112 s with 4 and 108 s with 5, with the worker project starting 23 s in
    // instead of 33 s (tests/sequencer.ts puts it before the unit tests).
    maxWorkers: 5,
    // What the code under test logs (a fault test's "withdrawal outcome unknown", a dropped upload's
    // R2 error) is printed for a failing test only: in a passing one it is the expected path, and
    // twenty such lines in a green run read as faults to a newcomer (issue 21).
    silent: 'passed-only',
    sequence: { sequencer: ProjectOrderSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure functions: the files share one runtime and its loaded modules (loading them again for
          // each of ~70 files was half the project's time: 14 s and 27 CPU s alone, 8 s and 15 shared).
          // Stubbed globals and spies are put back before each test, as in the worker project.
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
        },
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
          // Files share a runtime and its loaded modules: every test already starts from empty
          // storage (apply-migrations.ts), and loading the worker's code again for each of ~90 files
          // was most of the project's time (150 s and 280 CPU s on 2 cores; 59 s and 108 CPU s shared).
          // Spies are put back before each test, so none outlives the test that made it.
          isolate: false,
          restoreMocks: true,
          // Vitest's 5 s is a quiet machine's limit. Tests here take up to 4.4 s on the 2-core machine
          // with nothing beside them; with e2e running beside (load 11-15) 16 of them passed 5 s, and a
          // test cut off mid-request leaves work in flight that then breaks the next one. A passing
          // test takes no longer for a higher limit.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'party',
          include: ['tests/party/**/*.test.ts'],
          exclude: ['tests/party/room-storage.test.ts'],
          environment: 'node',
          globalSetup: ['tests/party/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The file that counts the rooms' storage files, with a worker and a storage folder of its
        // own (each project runs its own global setup): it sees only its own rooms while the other
        // room tests run beside it.
        test: {
          name: 'party-storage',
          include: ['tests/party/room-storage.test.ts'],
          environment: 'node',
          globalSetup: ['tests/party/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // Faults done for real against a running worker: SIGKILL mid-burst, aborted requests, idle pauses.
        test: { name: 'fault', include: ['tests/fault/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});

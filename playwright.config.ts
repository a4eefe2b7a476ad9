import { defineConfig } from '@playwright/test';

// E2E_PORT lets several runs share a machine: each gets its own port, state and output folders.
const PORT = Number(process.env.E2E_PORT ?? 8799);
const baseURL = `http://127.0.0.1:${PORT}`;
const OUTPUT = process.env.E2E_PORT ? `tests/e2e/output/${PORT}` : 'tests/e2e/output';

/**
 * e2e in Debian's Chromium (never a downloaded browser) against the whole product started the way
 * `npm start` starts it, from a fresh seeded state. `npm test` builds dist/ before this runs.
 */
// Requests a service worker makes itself (its fetch of media it does not keep) go through
// `context.route` and the context's request events too; without it a spec that counts downloads
// would miss those of a page the worker controls (tests/e2e/offline-reels.spec.ts). Chromium only.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `${OUTPUT}/results`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: `${OUTPUT}/report.json` }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The service worker's install and background fetches cost a fifth of the run; the specs about
    // what it does (offline, caches, install, CSP) turn it on with `withServiceWorker`.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    command: `npx tsx scripts/start.ts --port ${PORT} --persist-to .wrangler/e2e-${PORT} --fresh --skip-build --no-demo-stream --no-demo-money`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

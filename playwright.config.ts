import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8799);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * e2e in Debian's Chromium (never a downloaded browser) against the whole product started the way
 * `npm start` starts it, from a fresh seeded state. `npm test` builds dist/ before this runs.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/e2e/output/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'tests/e2e/output/report.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
    command: `npx tsx scripts/start.ts --port ${PORT} --persist-to .wrangler/e2e --fresh --skip-build`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

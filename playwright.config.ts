import { defineConfig } from '@playwright/test';
import { APPS_STARTED, appCommand, appPort, appUrl, FIRST_PORT, WORKERS } from './tests/e2e/apps';
import { DISABLED_FEATURES } from './tests/e2e/browser-features';

/** Specs that run by themselves, after the rest (the `alone` project below). */
const ALONE = /go-live-device\.spec\.ts$/;

// A run with its own E2E_PORT gets its own output folder too, so several runs can share a machine.
const OUTPUT = process.env.E2E_PORT ? `tests/e2e/output/${FIRST_PORT}` : 'tests/e2e/output';

/**
 * e2e in Debian's Chromium (never a downloaded browser) against the whole product started the way
 * `npm start` starts it, from a fresh seeded state. `npm test` builds dist/ before this runs.
 * Two workers, each against its own app (tests/e2e/apps.ts, picked by fixtures.ts's `baseURL`):
 * most of a browser test is waiting (for media, rooms, the network), so two share 2 cores well.
 */
// Requests a service worker makes itself (its fetch of media it does not keep) go through
// `context.route` and the context's request events too; without it a spec that counts downloads
// would miss those of a page the worker controls (tests/e2e/offline-reels.spec.ts). Chromium only.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `${OUTPUT}/results`,
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Time limits sized for a slow machine, not a fast one: a passing test takes no longer for them,
  // and on a fresh 2-core CI machine that ran the suite at half the speed of the usual one (e2e
  // 1,209-1,328 s against 580-640 s) Playwright's defaults (30 s a test, 5 s an expectation) failed
  // 3-8 tests a run that pass on a quiet or faster machine: a sign-in's avatar, a chat's 'open', a
  // 30-second offline spec. What a test asserts about time it states itself. 90 s a test since
  // tests of one journey took 42-57 s there (the CSP walk through six pages, the outbox, a resumed
  // upload), too near 60 s for a machine a little slower still.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${OUTPUT}/report.json` }]],
  use: {
    // Each worker's own app: fixtures.ts sets the baseURL for the worker's parallel index.
    baseURL: appUrl(0),
    // A failed test's trace keeps its actions, their logs and errors, and the sources, but neither a
    // screencast nor DOM snapshots (Playwright records the network only with the snapshots; the
    // apps' request logs under tests/e2e/output have it). On 2 cores filming every test cost a sixth
    // of the run's time, and the snapshots, taken for every test because a pass is known only at its
    // end, a further 6-15 % (15 specs, two runs each way: 188-189 s and 311 CPU s without, 200-212 s
    // and 331-364 CPU s with). The failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
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
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
        // Go live from this device (go-live-device.spec.ts): Chromium's test camera and tone, and
        // its permission prompts answered yes. Nothing else asks for media, so no other spec sees them.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'e2e', testIgnore: ALONE },
    // The broadcasts from this device: a creator's tab encoding the fake camera, two viewers, the
    // relay and its ffmpeg. Beside another worker's test on 2 cores, WebRTC's own timers (a first
    // frame within 5 s, the relay's silence and ICE checks) ran out on a slow machine in every full
    // run, and the viewers fell back to HLS; alone they passed 10 of 10 on the same machine. So they
    // run last, once every other test is done: ~40 s more on the usual machine, ~75 s on the slow one.
    { name: 'alone', testMatch: ALONE, dependencies: ['e2e'] },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const port = appPort(index);
    return {
      command: appCommand(port),
      url: `${appUrl(index)}/api/health`,
      reuseExistingServer: APPS_STARTED,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});

/**
 * `npm test`: every check, in the order a failure is cheapest to find. Lint and format, type checks
 * for each runtime, the production build and its size budget, a dry-run production deploy (offline),
 * then unit, worker (real D1/R2 in the Workers runtime), room (real WebSockets) and e2e (Debian
 * Chromium) tests. Ends with one "N passed, N failed" line summing every test that ran.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { bundleWorker, SHARED_BUNDLE_ENV } from './lib/direct-worker';
import { startE2eApps } from './lib/e2e-apps';
import { runBin, runBinAsync } from './lib/run';
import { ensureSystemDeps } from './lib/system-deps';
import { readPlaywrightReport, readVitestReport } from './lib/test-reports';

const OUTPUT = 'tests/e2e/output';
const VITEST_REPORT = `${OUTPUT}/vitest.json`;
const WORKER_BUNDLE = `${OUTPUT}/worker-bundle`;
// playwright.config.ts writes its report under a per-port folder when E2E_PORT is set.
const PLAYWRIGHT_REPORT = `${process.env.E2E_PORT ? `${OUTPUT}/${process.env.E2E_PORT}` : OUTPUT}/report.json`;

/**
 * CPU seconds (user + system) of this process and the children it has waited for, from
 * /proc/self/stat. On a shared machine the wall time of a step says more about the neighbours than
 * about the step; its CPU seconds do not. A lower bound: a process counts only once its parent has
 * waited for it, which Chromium's renderers and the e2e apps' runtimes mostly are not (a run printed
 * 369 CPU s for the e2e step where a subreaper that waits for every process counted ~1180).
 */
const cpuSeconds = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime, stime, cutime and cstime are fields 14-17 of stat(5), in clock ticks (100 a second).
  const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  return ticks / 100;
};

type Mark = { wall: number; cpu: number };
const mark = (): Mark => ({ wall: Date.now(), cpu: cpuSeconds() });
const since = (started: Mark) =>
  `${((Date.now() - started.wall) / 1000).toFixed(1)} s, ${(cpuSeconds() - started.cpu).toFixed(1)} CPU s`;

const step = (title: string, action: () => void) => {
  const started = mark();
  console.log(`\n▶ ${title}`);
  action();
  console.log(`✔ ${title} (${since(started)})`);
};

/** A test runner's step: its exit code, and its time printed whether it passed or not. */
const runnerStep = async (title: string, run: () => Promise<number>) => {
  const started = mark();
  console.log(`\n▶ ${title}`);
  const code = await run();
  console.log(`${code === 0 ? '✔' : '✘'} ${title} (${since(started)})`);
  return code;
};

const printProblems = (log: string) => {
  const lines = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => /"level":"(warn|error)"|Error|error:/.test(line));
  console.log(`\n${log}: ${lines.length} warning and error lines${lines.length > 40 ? ', the last 40' : ''}`);
  for (const line of lines.slice(-40)) console.log(line);
};

// npm puts the project's own Node (the `node` package, 24.x) first on PATH for every script.
console.log(`Node ${process.version}`);
const run = mark();
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error('Run the tests through npm (`npm test`), which uses the Node 24 that `npm ci` installed.');
  process.exit(1);
}
ensureSystemDeps();
mkdirSync(OUTPUT, { recursive: true });
step('Lint and format (Biome)', () => runBin('biome', ['ci', '.']));
step('Import rules (dependency-cruiser)', () =>
  runBin('depcruise', ['web', 'worker', 'party', 'schema', '--output-type', 'err']),
);
// The three runtimes' checks side by side: each is mostly one core's work.
const typeCheck = await runnerStep('Type check (web, worker, node)', async () => {
  const projects = ['tsconfig.web.json', 'tsconfig.worker.json', 'tsconfig.node.json'];
  const codes = await Promise.all(projects.map((project) => runBinAsync('tsc', ['-p', project])));
  return codes.find((code) => code !== 0) ?? 0;
});
if (typeCheck !== 0) process.exit(1);
step('Build the PWA', () => runBin('vite', ['build', '--logLevel', 'warn']));
step('Bundle budget', () => runBin('tsx', ['scripts/bench/bundle-size.ts']));
// Offline: a production config that would not deploy fails here, before any test runs.
step('Production deploy, dry run', () =>
  runBin('tsx', ['scripts/deploy.ts', '--env', 'production', '--dry-run']),
);

// One bundle for every worker the tests start (the e2e apps, the room and fault tests' workers).
step('Bundle the worker for the tests', () => {
  rmSync(WORKER_BUNDLE, { recursive: true, force: true });
  bundleWorker(WORKER_BUNDLE);
  process.env[SHARED_BUNDLE_ENV] = WORKER_BUNDLE;
});

// Playwright's apps start now and get ready beside Vitest (scripts/lib/e2e-apps.ts).
const apps = startE2eApps(OUTPUT);
process.on('exit', apps.stop);

const vitestCode = await runnerStep('Unit, worker and room tests (Vitest)', () =>
  runBinAsync('vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_REPORT}`,
  ]),
);
const playwrightCode = await runnerStep('End-to-end tests (Playwright, Debian Chromium)', async () => {
  try {
    await apps.ready();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}; see ${apps.logs.join(', ')}`);
    return 1;
  }
  const code = await runBinAsync('playwright', ['test'], { E2E_APPS_STARTED: '1' });
  // What the apps logged as warnings or errors, for a failure's other side (all of it in the logs).
  if (code !== 0) for (const log of apps.logs) printProblems(log);
  return code;
});
apps.stop();

const vitest = readVitestReport(VITEST_REPORT);
const e2e = readPlaywrightReport(PLAYWRIGHT_REPORT);
const failedRunner = vitestCode !== 0 || playwrightCode !== 0;
const failed = vitest.failed + e2e.failed + (failedRunner && vitest.failed + e2e.failed === 0 ? 1 : 0);
const failures = [...vitest.failures, ...e2e.failures];
if (failures.length > 0) console.log(`\nFailed (${failures.length}):`);
for (const { test, error } of failures) console.log(`✘ ${test}\n    ${error}`);
const notRun = e2e.notRun > 0 ? `, ${e2e.notRun} did not run` : '';
console.log(
  `\nvitest: ${vitest.passed} passed, ${vitest.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed${notRun}`,
);
console.log(`${vitest.passed + e2e.passed} passed, ${failed} failed`);
console.log(`npm test: ${since(run)}`);
process.exit(failedRunner ? 1 : 0);

/**
 * The apps the e2e run starts: one per Playwright worker, each on its own port with its own state,
 * so two workers never share a database, a ledger or a live room. E2E_PORT (8799 by default) is
 * the first port, which lets several runs share a machine; E2E_WORKERS (2 by default) how many.
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8799);
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** The port of the app that the worker with this `parallelIndex` (0 … WORKERS - 1) tests. */
export const appPort = (parallelIndex: number) => FIRST_PORT + parallelIndex;
export const appUrl = (parallelIndex: number) => `http://127.0.0.1:${appPort(parallelIndex)}`;
/** Where the app on `port` keeps its local D1 and R2. */
export const appState = (port: number) => `.wrangler/e2e-${port}`;

/**
 * The command that starts the app on `port` from a fresh seeded state, as `npm start` does but
 * without the demo stream and payments. Playwright's webServer runs it, unless `npm test` started
 * the apps already (E2E_APPS_STARTED) while Vitest ran.
 */
export const appCommand = (port: number) =>
  `npx tsx scripts/start.ts --port ${port} --persist-to ${appState(port)} --fresh --skip-build --no-demo-stream --no-demo-money`;

/** Set by `npm test` when the apps are up before Playwright starts: its webServer uses them. */
export const APPS_STARTED = process.env.E2E_APPS_STARTED === '1';

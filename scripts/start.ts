/**
 * `npm start`: the whole product locally on embedded defaults. Builds the PWA, applies the D1
 * migrations, seeds demo data into an empty database and serves everything from one worker
 * (API, relayer, media, rooms, the PWA) at http://127.0.0.1:8787.
 *
 * Flags: --port N (or env PORT), --persist-to DIR (local D1/R2 state), --fresh (start from an
 * empty state), --skip-build (reuse dist/), --dev (also run Vite with HMR, proxying to the worker).
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runBin, runBinAsync } from './lib/run';
import { applyMigrations, DEFAULT_PERSIST_DIR, startWorker } from './lib/worker-process';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    'persist-to': { type: 'string', default: DEFAULT_PERSIST_DIR },
    fresh: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
  },
});
const persistTo = values['persist-to'];

if (values.fresh) rmSync(persistTo, { recursive: true, force: true });
if (!values['skip-build']) {
  console.log('Building the web app...');
  runBin('vite', ['build', '--logLevel', 'warn']);
}
console.log('Applying D1 migrations...');
applyMigrations(persistTo);
runBin('tsx', ['scripts/seed/index.ts', '--persist-to', persistTo, '--if-empty']);

const worker = await startWorker({ port: Number(values.port), persistTo });
console.log(`\nReel is running at ${worker.url}\n`);

const shutdown = async () => {
  await worker.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

if (values.dev) {
  const code = await runBinAsync('vite', ['--host', '127.0.0.1']);
  await worker.stop();
  process.exit(code);
}
worker.child.on('exit', (code) => process.exit(code ?? 0));

/**
 * `npm start`: the whole product locally on embedded defaults. Builds the PWA, applies the D1
 * migrations, seeds demo data into an empty database and serves everything from one worker
 * (API, relayer, media, rooms, the PWA) at http://127.0.0.1:8787, on workerd alone. When ffmpeg is
 * installed it also pushes a looping test stream to the demo creator's stream key, so the home live
 * section and `/live/<creator>` have something to show. Beside the worker runs the local WebRTC
 * relay (scripts/webrtc-relay: WHIP/WHEP behind the worker's `/whip` and `/whep`, issue 25).
 *
 * Flags: --port N (or env PORT), --persist-to DIR (local D1/R2 state), --fresh (start from an
 * empty state), --skip-build (reuse dist/), --dev (also run Vite with HMR, proxying to the worker,
 * which `wrangler dev` then reloads on every edit), --no-demo-stream (no ffmpeg), --no-demo-money
 * (after a fresh seed, no demo deposits and tips); the e2e tests pass both, for a quiet home, CPU
 * and ledger.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBin, runBinAsync } from './lib/run';
import { startWebrtcRelay } from './lib/webrtc-relay-process';
import { applyMigrations, DEFAULT_PERSIST_DIR, startWorker } from './lib/worker-process';
import { runDemoMoney } from './seed/demo-money';
import { readDemoSeedReport } from './seed/demo-report';
import {
  type DemoStream,
  demoStreamArgs,
  findFfmpeg,
  ingestUrl,
  superviseDemoStream,
} from './seed/demo-stream';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    'persist-to': { type: 'string', default: DEFAULT_PERSIST_DIR },
    fresh: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
    'no-demo-stream': { type: 'boolean', default: false },
    'no-demo-money': { type: 'boolean', default: false },
  },
});
const persistTo = values['persist-to'];
// Beside the state it describes; rewritten by every seed run.
const seedReportFile = path.join(persistTo, 'demo-seed.json');

if (values.fresh) rmSync(persistTo, { recursive: true, force: true });
if (!values['skip-build']) {
  console.log('Building the web app...');
  runBin('vite', ['build', '--logLevel', 'warn']);
}
console.log('Applying D1 migrations...');
await applyMigrations(persistTo);
runBin('tsx', [
  'scripts/seed/index.ts',
  '--persist-to',
  persistTo,
  '--if-empty',
  '--demo-stream-to',
  seedReportFile,
]);
const seedReport = readDemoSeedReport(seedReportFile);

// Before the worker, which is given its address.
const relay = await startWebrtcRelay();
const worker = await startWorker({
  port: Number(values.port),
  persistTo,
  // Only `--dev` needs wrangler dev's watch and reload; its proxy would 503 a POST now and then.
  runtime: values.dev ? 'wrangler' : 'workerd',
  // The runtime's request lines for the encoder's uploads, and the worker's JSON log lines for them.
  hideRequestLines: /\] (PUT|POST|DELETE) \/ingest\/|"route":"\/ingest\//,
  vars: { WEBRTC_RELAY_URL: relay.url },
}).catch(async (error: unknown) => {
  await relay.stop();
  throw error;
});
console.log(`\nReel is running at ${worker.url}\n`);

/** Pushes the first demo stream with ffmpeg, or says why not; answers what must be stopped. */
const startDemoStream = (): DemoStream | null => {
  if (values['no-demo-stream']) return null;
  const [target] = seedReport.streams;
  if (!target) {
    console.log('No demo stream key in this state (seeded before streams existed): add --fresh for one.\n');
    return null;
  }
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) {
    console.log('For a live demo stream install ffmpeg (sudo apt-get install ffmpeg) and start again.\n');
    return null;
  }
  const demo = superviseDemoStream(ffmpeg, demoStreamArgs(ingestUrl(worker.url, target.secret)));
  console.log(
    `Live demo stream: watch ${worker.url}/live/${target.username} (ffmpeg test picture; ` +
      `--no-demo-stream turns it off).\nIts local stream key: ${target.secret}\n`,
  );
  return demo;
};
const demo = startDemoStream();

/** The encoders first (the demo stream, the relay's ffmpegs), so their end-of-stream reaches the worker. */
const stopAll = async () => {
  await demo?.stop();
  await relay.stop();
  await worker.stop();
};
const shutdown = async () => {
  await stopAll();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// Only after the seed filled an empty database, so a restart never pays twice.
if (seedReport.money && !values['no-demo-money']) {
  try {
    const done = await runDemoMoney(worker.url, seedReport.money);
    console.log(
      `Demo money: ${done.deposits} creators bought ${done.reel} REEL with APT on the local chain and sent ${done.tips} tips.\n`,
    );
  } catch (error) {
    console.error(
      `Demo money failed (the product runs on): ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
}

if (values.dev) {
  const code = await runBinAsync('vite', ['--host', '127.0.0.1']);
  await stopAll();
  process.exit(code);
}
worker.child.on('exit', async (code) => {
  await demo?.stop();
  await relay.stop();
  process.exit(code ?? 0);
});

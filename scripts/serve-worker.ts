/**
 * The whole product (worker, PWA, D1, R2, rooms) on workerd alone, as one process that `startWorker`
 * (scripts/lib/worker-process.ts) runs for `npm start`, the e2e, room and fault tests: no
 * `wrangler dev` proxy in front (scripts/lib/direct-worker.ts says why). Ends on SIGTERM or SIGINT.
 *
 *   node --import tsx scripts/serve-worker.ts --port 8787 --persist-to .wrangler/state
 */
import { parseArgs } from 'node:util';
import { startDirectWorker } from './lib/direct-worker';
import { DEFAULT_PERSIST_DIR } from './lib/worker-process';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    'persist-to': { type: 'string', default: DEFAULT_PERSIST_DIR },
    // More `[vars]`, as `wrangler dev --var NAME:value` takes them.
    var: { type: 'string', multiple: true, default: [] },
  },
});

const started = startDirectWorker({
  port: Number(values.port),
  persistTo: values['persist-to'],
  assets: true,
  logs: true,
  vars: Object.fromEntries(
    values.var.map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]),
  ),
});

// Listening from the start, so a signal during the bundling still ends workerd with us. A terminal's
// Ctrl-C reaches this process and `npm start`, which then sends SIGTERM too: stop once.
let stopping: Promise<void> | null = null;
const stop = async () => {
  stopping ??= started.then((worker) => worker.stop());
  await stopping.catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await started;

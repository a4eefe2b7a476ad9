/**
 * Budget check (DESIGN.md §10): API feed reads, p99 <= 50 ms at 200 req/s. Starts the worker on a
 * free loopback port from a fresh seeded state, measures each feed read serially, then sends feed
 * reads open-loop at a fixed rate for a bounded time, and prints latency percentiles. By default
 * the worker runs on workerd alone (issue 14.10); `--via wrangler` measures through `wrangler dev`'s
 * proxy instead, as `npm start` serves it. Loopback only; stops by itself; exits 1 over budget.
 *
 *   npx tsx scripts/bench/api-feed.ts [--rate 200] [--seconds 10] [--via workerd|wrangler]
 */
import { parseArgs } from 'node:util';
import { formatSummary, measureAtRate, measureSerial, summarize } from '../lib/load';
import { benchRuntime, startSeededWorker } from '../lib/seeded-worker';

const BUDGET_P99_MS = 50;
const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    via: { type: 'string' },
  },
});
const runtime = benchRuntime(values.via);
const rate = Number(values.rate);
const seconds = Math.min(Number(values.seconds), 60);
const FEED_PATHS = [
  '/api/videos?limit=15',
  '/api/videos/shorts/paginated?limit=20&offset=0',
  '/api/users/top?limit=10',
];

const worker = await startSeededWorker({ runtime });
try {
  // Warms the isolate and D1, and gives each read's cost without queueing.
  for (const path of FEED_PATHS) {
    console.log(
      `${path} serially: ${formatSummary(summarize(await measureSerial(worker.url, [path], 100)))}`,
    );
  }
  const summary = summarize(await measureAtRate(worker.url, FEED_PATHS, rate, seconds));
  const within = summary.p99 <= BUDGET_P99_MS && summary.failed === 0;
  console.log(
    `Feed reads via ${runtime} at ${rate}/s for ${seconds} s: ${formatSummary(summary)} ` +
      `(${within ? 'within' : 'OVER'} the ${BUDGET_P99_MS} ms p99 budget)`,
  );
  process.exitCode = within ? 0 : 1;
} finally {
  await worker.stop();
}

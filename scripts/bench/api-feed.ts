/**
 * Budget check (DESIGN.md §10): API feed reads on local wrangler, p99 <= 50 ms at 200 req/s.
 * Starts the product on a free loopback port from a fresh seeded state, sends a fixed rate of feed
 * reads for a bounded time (open loop: requests are sent on schedule whether or not earlier ones
 * have answered), and prints latency percentiles. Loopback only; stops by itself.
 *
 *   npx tsx scripts/bench/api-feed.ts [--rate 200] [--seconds 10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBin } from '../lib/run';
import { applyMigrations, freePort, startWorker } from '../lib/worker-process';

const BUDGET_P99_MS = 50;
const { values } = parseArgs({
  options: { rate: { type: 'string', default: '200' }, seconds: { type: 'string', default: '10' } },
});
const rate = Number(values.rate);
const seconds = Math.min(Number(values.seconds), 60);
const paths = [
  '/api/videos?limit=15',
  '/api/videos/shorts/paginated?limit=20&offset=0',
  '/api/users/top?limit=10',
];

const persistTo = mkdtempSync(path.join(tmpdir(), 'reel-bench-'));
applyMigrations(persistTo);
runBin('tsx', ['scripts/seed/index.ts', '--persist-to', persistTo], { quiet: true });
const worker = await startWorker({ port: await freePort(), persistTo, logs: 'ignore', detached: true });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

try {
  // Warm up the isolate and D1 before measuring.
  for (const p of paths) await (await fetch(worker.url + p)).arrayBuffer();

  const latencies: number[] = [];
  let failures = 0;
  const total = rate * seconds;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    inFlight.push(
      fetch(worker.url + paths[i % paths.length])
        .then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) failures++;
          latencies.push(performance.now() - sent);
        })
        .catch(() => {
          failures++;
        }),
    );
  }
  await Promise.all(inFlight);
  const sorted = latencies.sort((a, b) => a - b);
  const p99 = percentile(sorted, 0.99);
  console.log(
    `API feed reads: ${total} requests at ${rate}/s for ${seconds}s, ${failures} failed; ` +
      `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms ` +
      `(${p99 <= BUDGET_P99_MS && failures === 0 ? 'within' : 'OVER'} the ${BUDGET_P99_MS} ms p99 budget)`,
  );
  process.exitCode = p99 <= BUDGET_P99_MS && failures === 0 ? 0 : 1;
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}

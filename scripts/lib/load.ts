/**
 * Latency measurement for the benchmarks under scripts/bench: serial (one request at a time) and
 * open-loop at a fixed rate (requests leave on schedule whether or not earlier ones answered).
 */

export type Sample = { path: string; ms: number; ok: boolean };

const timedFetch = async (url: string, path: string): Promise<Sample> => {
  const sent = performance.now();
  try {
    const response = await fetch(url + path);
    await response.arrayBuffer();
    return { path, ms: performance.now() - sent, ok: response.ok };
  } catch {
    return { path, ms: performance.now() - sent, ok: false };
  }
};

/** `count` requests one after another, cycling through `paths`. */
export const measureSerial = async (url: string, paths: readonly string[], count: number) => {
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) samples.push(await timedFetch(url, paths[i % paths.length] ?? '/'));
  return samples;
};

/** `rate` requests a second for `seconds`, cycling through `paths`. */
export const measureAtRate = async (url: string, paths: readonly string[], rate: number, seconds: number) => {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<Sample>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(timedFetch(url, paths[i % paths.length] ?? '/'));
  }
  return Promise.all(pending);
};

/** The value at fraction `p` (0.5 for the median) of an ascending list. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export type Summary = { count: number; failed: number; p50: number; p95: number; p99: number; max: number };

export const summarize = (samples: readonly Sample[]): Summary => {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    count: samples.length,
    failed: samples.filter((sample) => !sample.ok).length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
};

/** 'p50 3.1 ms, p95 …, p99 …, max … (n requests, k failed)'. */
export const formatSummary = ({ count, failed, p50, p95, p99, max }: Summary) =>
  `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms ` +
  `(${count} requests, ${failed} failed)`;

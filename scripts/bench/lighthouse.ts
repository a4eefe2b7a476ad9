/**
 * Budget check (DESIGN.md §10): Lighthouse 12's mobile profile (simulated mid-range phone on slow
 * 4G, the default config) against the product, `--runs` cold loads (storage reset) of each of home,
 * /reels, /v/{id}, /u/{username} and /live/{username} while the demo stream is on air, printed as a
 * table of medians, after one uncounted run. Debian's Chromium only (never a downloaded browser);
 * loopback only. Beside the simulated FCP the table gives the one this machine's browser showed
 * (the simulation's starting point), and its header Lighthouse's measure of this machine's CPU:
 * figures from machines that differ there do not compare (docs/benchmarks.md).
 *
 *   npm run bench:lighthouse                          # starts `npm start` on a free port, fresh state
 *   npm run bench:lighthouse -- --url http://127.0.0.1:8787   # an app already started
 *   npm run bench:lighthouse -- --runs 5 --pages home,reels
 *   npm run bench:lighthouse -- --pages home --why    # also each run's long tasks and script time
 *   npm run bench:lighthouse -- --paint-holding       # with Chromium's paint holding (below), as PSI runs
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { z } from 'zod';
import { percentile } from '../lib/load';
import { freePort } from '../lib/worker-process';

const BUDGET = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05 };
const PAGES = ['home', 'reels', 'watch', 'profile', 'live'] as const;
type PageName = (typeof PAGES)[number];

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: PAGES.join(',') },
    why: { type: 'boolean', default: false },
    'paint-holding': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Math.min(Number(values.runs), 10));
const wanted = z.array(z.enum(PAGES)).parse(values.pages.split(','));

const LiveSessionsSchema = z.object({
  data: z.array(z.object({ users: z.object({ username: z.string() }) })),
});
const VideosSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

/** `npm start` on a free port from a fresh throw-away state, with the demo stream and no demo money. */
async function startApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const persistTo = mkdtempSync(path.join(tmpdir(), 'reel-lighthouse-'));
  const child: ChildProcess = spawn(
    path.resolve('node_modules/.bin/tsx'),
    ['scripts/start.ts', '--port', String(port), '--persist-to', persistTo, '--fresh', '--no-demo-money'],
    { stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(persistTo, { recursive: true, force: true });
  };
  process.once('exit', () => child.pid && child.exitCode === null && process.kill(-child.pid, 'SIGKILL'));
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** Polls `read` until it answers a value, for at most `timeoutMs`. */
async function waitFor<T>(what: string, timeoutMs: number, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/** The five pages' URLs: a live creator (the demo stream's) and the newest long video. */
async function pageUrls(base: string): Promise<Record<PageName, string>> {
  const username = await waitFor('A live session', 120_000, async () => {
    const response = await fetch(`${base}/api/sessions/active`);
    return LiveSessionsSchema.parse(await response.json()).data[0]?.users.username;
  });
  const videos = VideosSchema.parse(await (await fetch(`${base}/api/videos?limit=1`)).json()).data;
  const video = videos[0];
  if (!video) throw new Error('The app has no videos: start it with its demo seed');
  return {
    home: `${base}/`,
    reels: `${base}/reels`,
    watch: `${base}/v/${video.id}`,
    profile: `${base}/u/${username}`,
    live: `${base}/live/${username}`,
  };
}

type Run = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** When this machine's browser showed the first content, unthrottled: what the simulation starts from. */
  observedFcp: number;
  /** Lighthouse's measure of this machine's CPU (about 1,500 is the host its 4x slowdown is fitted to). */
  benchmarkIndex: number;
};

/** The `metrics` audit's details: its first item is the metrics, observed ones among them. */
const ObservedSchema = z.object({
  items: z.tuple([z.object({ observedFirstContentfulPaint: z.number() })], z.unknown()),
});

const AuditsSchema = z.object({
  categories: z.object({ performance: z.object({ score: z.number() }) }),
  audits: z.record(
    z.string(),
    z.object({
      numericValue: z.number().optional(),
      details: z.unknown().optional(),
    }),
  ),
});
type Audits = z.infer<typeof AuditsSchema>['audits'];

/** Where the blocking time comes from: the simulated long tasks and each script's main-thread time. */
function printWhy(url: string, audits: Audits) {
  const ItemsSchema = z.object({ items: z.array(z.record(z.string(), z.unknown())) });
  const items = (id: string) => ItemsSchema.safeParse(audits[id]?.details).data?.items ?? [];
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  const short = (value: unknown) => String(value).replace(/^https?:\/\/[^/]+/, '');
  console.log(`\n${short(url) || '/'}: long tasks (simulated, start + duration)`);
  for (const task of items('long-tasks')) {
    console.log(`  ${ms(task.startTime)} + ${ms(task.duration)}  ${short(task.url)}`);
  }
  console.log('  script time (total / scripting / parse+compile):');
  for (const script of items('bootup-time')) {
    console.log(
      `  ${ms(script.total)} / ${ms(script.scripting)} / ${ms(script.scriptParseCompile)}  ${short(script.url)}`,
    );
  }
  console.log('  main thread by kind:');
  for (const group of items('mainthread-work-breakdown'))
    console.log(`  ${ms(group.duration)}  ${String(group.groupLabel)}`);
}

/** One cold Lighthouse run (storage reset) of `url` in the browser listening on `port`. */
async function runLighthouse(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  return result.lhr;
}

/** One cold run of `url`, measured. */
async function measure(url: string, port: number): Promise<Run> {
  const lhr = await runLighthouse(url, port);
  const { categories, audits } = AuditsSchema.parse(lhr);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  if (values.why) printWhy(url, audits);
  return {
    score: Math.round(categories.performance.score * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    observedFcp: Number(
      ObservedSchema.safeParse(audits.metrics?.details).data?.items[0].observedFirstContentfulPaint,
    ),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const median = (numbers: number[]) =>
  percentile(
    [...numbers].sort((a, b) => a - b),
    0.5,
  );
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const app = values.url
  ? { url: values.url.replace(/\/$/, ''), stop: async () => undefined }
  : await startApp();
// Chromium reads only the last `--disable-features`, so ours adds to chrome-launcher's own list
// (Lighthouse's: RenderDocument, Translate, background requests) instead of replacing it.
const DISABLE_FEATURES = '--disable-features=';
const launcherFlags = chromeLauncher.Launcher.defaultFlags();
const launcherDisabled = launcherFlags.find((flag) => flag.startsWith(DISABLE_FEATURES)) ?? DISABLE_FEATURES;
const disabledFeatures = [
  ...launcherDisabled.slice(DISABLE_FEATURES.length).split(',').filter(Boolean),
  // Lighthouse opens each page from about:blank, and headless Chromium's paint holding then kept
  // the screen blank for 1.0-2.1 s in a third to a half of the runs, past a page long loaded with
  // its main thread idle (GoogleChrome/lighthouse#17230, open). The simulation counts everything
  // loaded before that late first paint as needed for it (home: FCP 2.6 s and LCP 4.1 s with the
  // hold, 1.9 and 2.4 s without), and counts no blocking time before it, so the hold hides start-up's
  // long tasks too. A phone opening the app from its home screen holds no earlier page; Playwright
  // turns the hold off too. docs/benchmarks.md has the runs.
  ...(values['paint-holding'] ? [] : ['PaintHolding']),
];
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  ignoreDefaultFlags: true,
  chromeFlags: [
    ...launcherFlags.filter((flag) => !flag.startsWith(DISABLE_FEATURES)),
    `${DISABLE_FEATURES}${disabledFeatures.join(',')}`,
    ...['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run'],
    ...['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  ],
});
try {
  const urls = await pageUrls(app.url);
  // One run that is not counted: a just-started app is still seeding and starting its demo stream's
  // ffmpeg, and the first page measured then scored 83 where the same build's settled median is 99.
  await runLighthouse(urls[wanted[0] ?? 'home'], chrome.port);
  const rows: string[] = [];
  const indexes: number[] = [];
  let withinBudget = true;
  for (const name of wanted) {
    const samples: Run[] = [];
    for (let run = 0; run < runs; run++) samples.push(await measure(urls[name], chrome.port));
    const pick = (key: keyof Run) => median(samples.map((sample) => sample[key]));
    const [score, lcp, tbt, cls, fcp] = [pick('score'), pick('lcp'), pick('tbt'), pick('cls'), pick('fcp')];
    indexes.push(...samples.map((sample) => sample.benchmarkIndex));
    const ok = score >= BUDGET.score && lcp <= BUDGET.lcpMs && tbt <= BUDGET.tbtMs && cls <= BUDGET.cls;
    withinBudget &&= ok;
    const scores = samples.map((sample) => sample.score).join(' / ');
    // The runs' spread beside each median: a median within budget can hide a run far outside it.
    const spread = (key: 'lcp' | 'tbt', show: (value: number) => string) => {
      const all = samples.map((sample) => sample[key]);
      return `${show(Math.min(...all))}-${show(Math.max(...all))}`;
    };
    const ms = (value: number) => `${Math.round(value)}`;
    rows.push(
      `| ${new URL(urls[name]).pathname} | ${score} (${scores}) | ${seconds(fcp)} (${seconds(pick('observedFcp'))}) | ` +
        `${seconds(lcp)} (${spread('lcp', (value) => (value / 1000).toFixed(1))}) | ` +
        `${Math.round(tbt)} ms (${spread('tbt', ms)}) | ${cls.toFixed(3)} | ${ok ? 'yes' : 'no'} |`,
    );
  }
  console.log(`\nLighthouse 12, mobile profile, median of ${runs} cold runs (${new Date().toISOString()})`);
  console.log(
    `This machine's BenchmarkIndex: ${Math.round(median(indexes))} (Lighthouse fits its 4x CPU slowdown to ~1,500)\n`,
  );
  console.log(
    "| page | performance (runs) | FCP (observed) | LCP (runs' range) | TBT (runs' range) | CLS | within budget |",
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(
    `\nBudget: performance >= ${BUDGET.score}, LCP <= ${seconds(BUDGET.lcpMs)}, TBT <= ${BUDGET.tbtMs} ms, CLS <= ${BUDGET.cls}`,
  );
  process.exitCode = withinBudget ? 0 : 1;
} finally {
  chrome.kill();
  await app.stop();
}

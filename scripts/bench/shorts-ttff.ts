/**
 * Budget check (issue 11.4, DESIGN.md §10 form): time from a swipe on /reels to the new short's
 * first presented frame (`requestVideoFrameCallback`'s expected display time), 30 swipes per pass,
 * in headless Chromium against local wrangler.
 *
 * | pass                                                        | budget        |
 * | ----------------------------------------------------------- | ------------- |
 * | online: the next 2 shorts preloaded, 10 kept ahead          | p75 <= 300 ms |
 * | online with Save-Data: preloaded only, every file by network | p75 <= 300 ms |
 * | offline after the fetch-ahead: kept files from Cache Storage | p75 <= 150 ms |
 *
 * Also prints when the first frame is on screen (see SWIPE: for a preloaded short that is before
 * the callback fires) and the bytes the feed fetches ahead per 10 shorts (sizes in the offline index).
 * Measured 2026-11-24 on the 2-core dev container, 30 swipes per pass, 700 ms of play between
 * swipes; p50 / p75 / p95 in ms, a quiet run and (in brackets) one with other work running:
 *
 * | pass              | requestVideoFrameCallback           | first frame on screen        | budget (p75, callback) |
 * | ----------------- | ----------------------------------- | ---------------------------- | ---------------------- |
 * | online            | 86 / 89 / 93 (92 / 101 / 143)       | 33 / 41 / 51 (45 / 59 / 95)  | 300, within            |
 * | online, Save-Data | 87 / 92 / 100 (91 / 99 / 139)       | 38 / 45 / 54 (45 / 68 / 103) | 300, within            |
 * | offline           | 91 / 93 / 94 (107 / 135 / 192)      | 29 / 36 / 43 (52 / 73 / 114) | 150, within            |
 *
 * Before the preloaded players were revealed (a new element per swipe, one neighbour preloaded) the
 * callback read 61 / 83 / 236 online: sooner to move at the median, as its first frame was new, but
 * only its poster was on screen before it. Fetched ahead per 10 shorts: 1584 KiB (the
 * demo clips: 360x640, 6-12 s, 96-288 KB each).
 *
 * The world: the demo seed plus 40 shorts of its own, each under its own R2 key (the demo's 30
 * shorts share 10 files, and a file the browser already holds would flatter the figures).
 * Loopback only; stops by itself; exits 1 over budget.
 *
 *   npx tsx scripts/bench/shorts-ttff.ts [--swipes 30]
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { percentile } from '../lib/load';
import { openLocalStorage } from '../lib/local-storage';
import { runBin } from '../lib/run';
import { startSeededWorker } from '../lib/seeded-worker';

const BUDGET_ONLINE_P75_MS = 300;
const BUDGET_OFFLINE_P75_MS = 150;
const BENCH_SHORTS = 40;
const CLIPS = 10;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

const { values } = parseArgs({
  options: { swipes: { type: 'string', default: '30' }, prepare: { type: 'string' } },
});
const swipes = Math.max(1, Math.min(Number(values.swipes), BENCH_SHORTS - 10));

/** Run as a child before the worker starts: 40 shorts, newest of the feed, each its own file. */
async function prepare(persistTo: string): Promise<void> {
  const proxy = await openLocalStorage(persistTo, join(ROOT, 'wrangler.toml'));
  try {
    const { DB, MEDIA } = proxy.env;
    const owner = await DB.prepare('SELECT id FROM users ORDER BY created_at LIMIT 1').first<{
      id: string;
    }>();
    if (!owner) throw new Error('the demo seed has no users');
    const media = join(ROOT, 'scripts', 'seed-media');
    const rows = [];
    for (let n = 0; n < BENCH_SHORTS; n++) {
      const clip = String((n % CLIPS) + 1).padStart(2, '0');
      const [video, poster] = await Promise.all([
        readFile(join(media, `short-${clip}.mp4`)),
        readFile(join(media, `short-${clip}.jpg`)),
      ]);
      const mediaKey = `videos/bench-ttff-${n}.mp4`;
      const thumbKey = `thumbs/bench-ttff-${n}.jpg`;
      await MEDIA.put(mediaKey, new Uint8Array(video), { httpMetadata: { contentType: 'video/mp4' } });
      await MEDIA.put(thumbKey, new Uint8Array(poster), { httpMetadata: { contentType: 'image/jpeg' } });
      // A year ahead of the demo, one minute apart: the feed lists them first, bench-ttff-0 on top.
      const createdAt = new Date(Date.UTC(2027, 0, 1) - n * 60_000).toISOString();
      rows.push(
        DB.prepare(
          `INSERT INTO videos (id, type, user_id, title, description, tags, media_key, thumbnail_key,
                               content_type, size_bytes, duration, width, height, is_public, created_at)
           VALUES (?1, 'short', ?2, ?3, '', '[]', ?4, ?5, 'video/mp4', ?6, 8, 360, 640, 1, ?7)`,
        ).bind(randomUUID(), owner.id, `Bench short ${n}`, mediaKey, thumbKey, video.byteLength, createdAt),
      );
    }
    await DB.batch(rows);
  } finally {
    await proxy.dispose();
  }
}

/**
 * In the page: presses ArrowDown on the feed and answers, in ms from the key, `frame`: the first
 * frame `requestVideoFrameCallback` reports on the short that comes on screen, and `shown`: when
 * its first frame is on screen. They differ for a preloaded short: its first frame is already
 * decoded and on its layer, so it shows at the first paint after the reveal, and the callback
 * (which reports new frames only) fires at the second frame, once playback moved. `shown` is taken
 * as the second animation frame after the reveal (the paint that shows it has then happened).
 * Null if no frame came within 5 s.
 */
const SWIPE = `new Promise((resolve) => {
  const active = () => document.querySelector('[data-testid="short-player"]');
  const before = active();
  const started = performance.now();
  const timer = setTimeout(() => resolve(null), 5000);
  const watch = () => {
    const video = active();
    if (!video || video === before) return false;
    observer.disconnect();
    const decoded = video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
    let painted = null;
    requestAnimationFrame(() => requestAnimationFrame(() => { painted = performance.now() - started; }));
    video.requestVideoFrameCallback((_now, meta) => {
      clearTimeout(timer);
      const frame = meta.expectedDisplayTime - started;
      const shown = decoded && meta.presentedFrames > 1 && painted !== null ? Math.min(painted, frame) : frame;
      resolve({ frame, shown });
    });
    return true;
  };
  const observer = new MutationObserver(watch);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-testid'] });
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
  watch();
})`;

/** In the page: how many shorts the offline index holds and their bytes. */
const KEPT = `(async () => {
  if (!(await indexedDB.databases()).some((db) => db.name === 'reel-offline-media')) return { items: 0, bytes: 0 };
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('reel-offline-media');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const all = db.transaction('items').objectStore('items').getAll();
      all.onsuccess = () => {
        db.close();
        resolve({ items: all.result.length, bytes: all.result.reduce((sum, item) => sum + item.bytes, 0) });
      };
    };
  });
})()`;

type Kept = { items: number; bytes: number };
const kept = (page: Page) => page.evaluate(KEPT) as Promise<Kept>;

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 60_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** /reels with the service worker in control and the first short playing. */
const openReels = async (context: BrowserContext, url: string) => {
  const page = await context.newPage();
  await page.goto(`${url}/reels`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await waitFor(() => page.evaluate(() => !!navigator.serviceWorker.controller), 'the service worker');
  await waitFor(
    () =>
      page.evaluate(
        () =>
          (document.querySelector('[data-testid="short-player"]') as HTMLVideoElement | null)?.paused ===
          false,
      ),
    'the first short to play',
  );
  return page;
};

type Pass = { frame: number[]; shown: number[]; missed: number };

/** `swipes` swipes, each after the short on screen has played a moment (as a viewer would). */
const swipeThrough = async (page: Page): Promise<Pass> => {
  const pass: Pass = { frame: [], shown: [], missed: 0 };
  for (let swipe = 0; swipe < swipes; swipe++) {
    await page.waitForTimeout(700);
    const sample = (await page.evaluate(SWIPE)) as { frame: number; shown: number } | null;
    if (!sample) pass.missed++;
    else {
      pass.frame.push(sample.frame);
      pass.shown.push(sample.shown);
    }
  }
  return pass;
};

const stats = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p));
  return { text: `p50 ${at(0.5)} ms, p75 ${at(0.75)} ms, p95 ${at(0.95)} ms`, p75: percentile(sorted, 0.75) };
};

/** Prints a pass; the budget is held against the callback's first frame (the issue's measure). */
const report = (name: string, pass: Pass, budget: number) => {
  const frame = stats(pass.frame);
  const within = pass.missed === 0 && frame.p75 <= budget;
  console.log(`  ${name}`);
  console.log(
    `    first frame by requestVideoFrameCallback  ${frame.text}` +
      `${pass.missed ? `, ${pass.missed} with no frame in 5 s` : ''} (${within ? 'within' : 'OVER'} p75 <= ${budget} ms)`,
  );
  console.log(`    first frame on screen                     ${stats(pass.shown).text}`);
  return within;
};

async function main() {
  const worker = await startSeededWorker({
    prepare: (persistTo) => runBin('tsx', [SELF, '--prepare', persistTo], { quiet: true }),
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    // Save-Data: nothing is kept ahead, so every swipe reaches the network (the preload aside).
    const saveData = await browser.newContext();
    await saveData.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), {
        saveData: true,
        type: 'wifi',
        effectiveType: '4g',
      });
      Object.defineProperty(Navigator.prototype, 'connection', { get: () => connection, configurable: true });
    });
    const lean = await swipeThrough(await openReels(saveData, worker.url));
    await saveData.close();

    const context = await browser.newContext();
    const page = await openReels(context, worker.url);
    await waitFor(async () => (await kept(page)).items >= 10, 'the first 10 shorts kept ahead');
    const ahead = await kept(page);
    const online = await swipeThrough(page);
    const afterOnline = await kept(page);

    await context.setOffline(true);
    await page.reload();
    await waitFor(
      () =>
        page.evaluate(
          () =>
            (document.querySelector('[data-testid="short-player"]') as HTMLVideoElement | null)?.paused ===
            false,
        ),
      'the first kept short to play offline',
    );
    const offline = await swipeThrough(page);

    console.log(`shorts swipe to first frame, ${swipes} swipes per pass (${new Date().toISOString()})`);
    const within = [
      report('online (2 preloaded, 10 kept ahead)', online, BUDGET_ONLINE_P75_MS),
      report('online with Save-Data (2 preloaded, none kept)', lean, BUDGET_ONLINE_P75_MS),
      report(`offline (from Cache Storage, ${afterOnline.items} kept)`, offline, BUDGET_OFFLINE_P75_MS),
    ].every(Boolean);
    console.log(
      `  fetched ahead per 10 shorts: ${Math.round(((ahead.bytes / ahead.items) * 10) / 1024)} KiB ` +
        `(${ahead.items} files, ${ahead.bytes} bytes); ${afterOnline.items} kept after the online pass`,
    );
    process.exitCode = within ? 0 : 1;
  } finally {
    await browser.close();
    await worker.stop();
  }
}

if (values.prepare) await prepare(values.prepare);
else await main();

/**
 * Glass-to-glass latency of the local ingest (issue 5's closing note). Starts the product from an
 * empty state, makes a streamer's stream key through the API, and feeds ffmpeg raw frames that
 * each carry the wall-clock time they were made as a barcode (32 black/white blocks, drawn twice);
 * ffmpeg encodes them as the studio's command does (x264 veryfast zerolatency, a keyframe and an HLS
 * segment every `keyframeInterval` of the recommended settings, HTTP PUT to /ingest). Chromium plays
 * /hls/<playbackId>/index.m3u8 with hls.js and the player's own live-edge tuning
 * (web/features/player/live-edge-tuning.ts), and at every presented frame (requestVideoFrameCallback)
 * draws the video on a canvas, reads the barcode back and takes now - made. Same machine, same
 * clock. Prints p50/p95 over `--seconds` of playback, and the stalls per 2 minutes (issue 13.8
 * allows one): the video's `waiting` events after it first played, those that stopped the picture
 * for 100 ms or more, and hls.js's own stall reports.
 *
 * The viewer joins `--join-after` seconds into the stream (hls.js then starts its live sync
 * distance behind the live edge; a viewer who joins at the very first segment sees less).
 * `--tuning '{"liveSyncDuration":1.5,"liveSyncDurationCount":null}'` plays with those hls.js
 * settings merged over the player's (null drops one), to compare candidates before changing
 * live-edge-tuning.ts.
 *
 * `--native` plays the playlist with the browser's own HLS (`video.src`; Chromium plays HLS itself
 * since 2025, as Safari and Android's Chrome always have) instead of hls.js, to weigh leaving the
 * library off the live page (issue 20).
 *
 * `--webrtc` then measures the real-time path in the same run (webrtc-latency.ts): a page publishes
 * barcode frames over WHIP to the local relay, another plays them over WHEP, for `--seconds` too.
 *
 *   npx tsx scripts/bench/live-latency.ts [--seconds 120] [--join-after 12] [--tuning '{...}'] [--native] [--webrtc]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { RECOMMENDED_STREAMING_SETTINGS } from '../../schema/live';
import { LIVE_EDGE_TUNING } from '../../web/features/player/live-edge-tuning';
import { percentile } from '../lib/load';
import { startWebrtcRelay } from '../lib/webrtc-relay-process';
import { registerBenchUser, startFreshWorker } from './live-bench-setup';
import { measureWebrtcLatency } from './webrtc-latency';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    'join-after': { type: 'string', default: '12' },
    tuning: { type: 'string', default: '{}' },
    native: { type: 'boolean', default: false },
    webrtc: { type: 'boolean', default: false },
  },
});
const native = values.native;
const measureSeconds = Number(values.seconds);
/** The player's tuning with `--tuning` merged over it; a null there drops the setting (hls.js refuses some pairs). */
const tuning: Record<string, unknown> = Object.fromEntries(
  Object.entries({ ...LIVE_EDGE_TUNING, ...JSON.parse(values.tuning) }).filter(([, value]) => value !== null),
);
/** A viewer who opens the page while the stream runs, not at the very first segment. */
const joinAfterSeconds = Number(values['join-after']);

const WIDTH = 320;
const HEIGHT = 180;
const FPS = 30;
/** The studio's segment length and GOP (encoder-configs.ts): a keyframe starts every segment. */
const SEGMENT_SECONDS = RECOMMENDED_STREAMING_SETTINGS.keyframeInterval;
/** 8 x 4 blocks per copy of the 32-bit code; the top copy is repeated below, read back must agree. */
const COLUMNS = 8;
const ROWS = 4;
const BLOCK_W = WIDTH / COLUMNS;
const BLOCK_H = Math.floor(HEIGHT / 2 / ROWS);

/** A gray frame whose blocks spell the low 32 bits of `ms`, most significant bit first. */
const barcodeFrame = (ms: number): Buffer => {
  const frame = Buffer.alloc(WIDTH * HEIGHT, 0);
  const code = ms % 2 ** 32;
  for (let copy = 0; copy < 2; copy++) {
    for (let bit = 0; bit < 32; bit++) {
      if (Math.floor(code / 2 ** (31 - bit)) % 2 === 0) continue;
      const x0 = (bit % COLUMNS) * BLOCK_W;
      const y0 = copy * (HEIGHT / 2) + Math.floor(bit / COLUMNS) * BLOCK_H;
      for (let y = y0; y < y0 + BLOCK_H; y++) frame.fill(255, y * WIDTH + x0, y * WIDTH + x0 + BLOCK_W);
    }
  }
  return frame;
};

/** ffmpeg reading raw gray frames on stdin and pushing HLS to the local ingest. */
const startEncoder = (ingestUrl: string): ChildProcess =>
  spawn(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...[
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gray',
        '-s',
        `${WIDTH}x${HEIGHT}`,
        '-r',
        String(FPS),
        '-i',
        'pipe:0',
      ],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'zerolatency',
        '-g',
        String(SEGMENT_SECONDS * FPS),
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-method', 'PUT', ingestUrl],
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );

/** Writes one barcode frame per 1/FPS s, stamped when it is written, until `stop()`. */
const feedFrames = (encoder: ChildProcess) => {
  let stopped = false;
  const started = performance.now();
  const done = (async () => {
    for (let n = 0; !stopped; n++) {
      const wait = started + (n * 1000) / FPS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!encoder.stdin?.write(barcodeFrame(Date.now()))) {
        await new Promise((resolve) => encoder.stdin?.once('drain', resolve));
      }
    }
    encoder.stdin?.end();
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
};

/** The page: hls.js (or the browser, `--native`) plays the stream; every presented frame's barcode becomes a latency sample. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>live latency</title>
<video id="video" muted autoplay playsinline></video>
<canvas id="canvas" width="${WIDTH}" height="${HEIGHT}"></canvas>
<script src="/__bench/hls.js"></script>
<script>
  const video = document.getElementById('video');
  const canvas = document.getElementById('canvas').getContext('2d', { willReadFrequently: true });
  window.samples = [];
  // A stall is a waiting event after the video first played; hls.js reports its own stalls apart.
  // Each is logged with the buffer ahead of the playhead, whether a seek caused it, and how long
  // until the video played again, to tell a starved player from a starved machine.
  window.stalls = { waiting: 0, hlsStalled: 0, played: false, log: [] };
  let waitingSince = null;
  video.addEventListener('playing', () => {
    window.stalls.played = true;
    const last = window.stalls.log[window.stalls.log.length - 1];
    if (waitingSince !== null && last) last.ms = Date.now() - waitingSince;
    waitingSince = null;
  });
  video.addEventListener('waiting', () => {
    if (!window.stalls.played) return;
    window.stalls.waiting++;
    waitingSince = Date.now();
    const end = video.buffered.length ? video.buffered.end(video.buffered.length - 1) : video.currentTime;
    window.stalls.log.push({ ahead: Math.round((end - video.currentTime) * 100) / 100, seeking: video.seeking, ms: null });
  });
  const readCopy = (pixels, copy) => {
    let code = 0;
    for (let bit = 0; bit < 32; bit++) {
      const x = (bit % ${COLUMNS}) * ${BLOCK_W} + ${BLOCK_W / 2};
      const y = copy * ${HEIGHT / 2} + Math.floor(bit / ${COLUMNS}) * ${BLOCK_H} + ${Math.floor(BLOCK_H / 2)};
      code = code * 2 + (pixels[(y * ${WIDTH} + x) * 4] > 127 ? 1 : 0);
    }
    return code;
  };
  const onFrame = () => {
    const shownAt = Date.now();
    canvas.drawImage(video, 0, 0, ${WIDTH}, ${HEIGHT});
    const pixels = canvas.getImageData(0, 0, ${WIDTH}, ${HEIGHT}).data;
    const top = readCopy(pixels, 0);
    if (top === readCopy(pixels, 1)) window.samples.push((shownAt % 2 ** 32) - top + (shownAt % 2 ** 32 < top ? 2 ** 32 : 0));
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  const src = new URLSearchParams(location.search).get('src');
  if (${native}) {
    video.addEventListener('error', () => { window.fatal = 'media error ' + (video.error && video.error.code); });
    video.src = src;
  } else {
    const hls = new Hls(${JSON.stringify(tuning)});
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.details === 'bufferStalledError') window.stalls.hlsStalled++;
      if (data.fatal) window.fatal = data.details + ' ' + (data.response ? data.response.code : '') + ' at ' + new Date().toISOString();
    });
    hls.loadSource(src);
    hls.attachMedia(video);
  }
</script>`;

/**
 * A `waiting` the video recovers from sooner than this (Chromium fires some with a second buffered
 * ahead and plays on at once) is not a stall a viewer sees; the bench prints both counts.
 */
const VISIBLE_STALL_MS = 100;

/** What the page keeps on `window` for us to read. */
type BenchPage = {
  samples: number[];
  stalls: {
    waiting: number;
    hlsStalled: number;
    played: boolean;
    log: { ahead: number; seeking: boolean; ms: number | null }[];
  };
  fatal?: string;
};

const waitForPlaylist = async (url: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await fetch(url)).ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never went live`);
};

const relay = values.webrtc ? await startWebrtcRelay() : null;
const worker = await startFreshWorker(undefined, relay ? { WEBRTC_RELAY_URL: relay.url } : undefined);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-dev-shm-usage',
    '--disable-gpu',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  const streamer = await registerBenchUser(worker.url);
  const key = await streamer.createStreamKey('Latency bench');
  const encoder = startEncoder(`${worker.url}/ingest/${key.key}/index.m3u8`);
  const feeder = feedFrames(encoder);
  const pushedAt = Date.now();
  await waitForPlaylist(`${worker.url}${key.playbackUrl}`);
  const liveAfter = Date.now() - pushedAt;
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, pushedAt + joinAfterSeconds * 1000 - Date.now())),
  );

  const page = await browser.newPage();
  await page.route(
    (url) => url.pathname === '/__bench/hls.js',
    (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: readFileSync('node_modules/hls.js/dist/hls.min.js', 'utf8'),
      }),
  );
  await page.route(
    (url) => url.pathname === '/__bench/page',
    (route) => route.fulfill({ contentType: 'text/html', body: PAGE }),
  );
  const openedAt = Date.now();
  await page.goto(`${worker.url}/__bench/page?src=${encodeURIComponent(key.playbackUrl)}`);
  await page.waitForFunction(() => (window as unknown as { samples: number[] }).samples.length > 0, null, {
    timeout: 60_000,
  });
  const firstFrameAfter = Date.now() - openedAt;
  await page.evaluate(() => {
    const state = window as unknown as BenchPage;
    state.samples.length = 0;
    state.stalls.waiting = 0;
    state.stalls.hlsStalled = 0;
    state.stalls.log.length = 0;
  });
  await page.waitForTimeout(measureSeconds * 1000);
  const { samples, stalls, fatal } = await page.evaluate(() => {
    const state = window as unknown as BenchPage;
    return { samples: [...state.samples], stalls: { ...state.stalls }, fatal: state.fatal };
  });
  await feeder.stop();
  await new Promise((resolve) => encoder.once('exit', resolve));

  const sorted = samples.sort((a, b) => a - b);
  console.log(`glass-to-glass latency, local ingest on local wrangler (${new Date().toISOString()})`);
  console.log(
    `  encoder          x264 veryfast zerolatency, ${SEGMENT_SECONDS} s GOP, HLS ${SEGMENT_SECONDS} s segments, PUT /ingest; ${WIDTH}x${HEIGHT} @ ${FPS} fps`,
  );
  console.log(
    native
      ? `  player           Chromium's own HLS (${browser.version()})`
      : `  player           hls.js ${await page.evaluate(() => (window as unknown as { Hls: { version: string } }).Hls.version)} in Chromium, ${JSON.stringify(tuning)}`,
  );
  console.log(`  playlist live    ${(liveAfter / 1000).toFixed(1)} s after the first frame was made`);
  console.log(
    `  first frame      ${(firstFrameAfter / 1000).toFixed(1)} s after opening the page, ${joinAfterSeconds} s into the stream`,
  );
  console.log(
    `  latency          p50 ${(percentile(sorted, 0.5) / 1000).toFixed(2)} s, p95 ${(percentile(sorted, 0.95) / 1000).toFixed(2)} s, ` +
      `min ${((sorted[0] ?? 0) / 1000).toFixed(2)} s, max ${((sorted.at(-1) ?? 0) / 1000).toFixed(2)} s ` +
      `(${sorted.length} frames over ${measureSeconds} s${fatal ? `, fatal: ${fatal}` : ''})`,
  );
  const perTwoMinutes = (count: number) => ((count * 120) / measureSeconds).toFixed(1);
  const visible = stalls.log.filter((stall) => stall.ms === null || stall.ms >= VISIBLE_STALL_MS).length;
  console.log(
    `  stalls           ${visible} (${perTwoMinutes(visible)} per 2 min) stopped the picture for ${VISIBLE_STALL_MS} ms or more; ` +
      `${stalls.waiting} (${perTwoMinutes(stalls.waiting)} per 2 min) video 'waiting' after first play in all; ` +
      `hls.js bufferStalledError ${stalls.hlsStalled} (${perTwoMinutes(stalls.hlsStalled)} per 2 min)`,
  );
  for (const stall of stalls.log) {
    console.log(
      `    waiting        ${stall.ahead.toFixed(2)} s buffered ahead${stall.seeking ? ', seeking' : ''}, ` +
        `${stall.ms === null ? 'not resumed' : `played again after ${stall.ms} ms`}`,
    );
  }
  process.exitCode = sorted.length > 0 && !fatal ? 0 : 1;

  if (values.webrtc) {
    // The same key: the HLS encoder has just ended its broadcast (ENDLIST), so WHIP may publish on it.
    const webrtc = await measureWebrtcLatency(browser, worker.url, key.key, key.playbackId, measureSeconds);
    console.log(
      `  WebRTC (WHIP → local relay → WHEP, canvas ${WIDTH}x${HEIGHT} @ ${FPS} fps, the browser's own encoder)`,
    );
    console.log(`  first frame      ${(webrtc.firstFrameMs / 1000).toFixed(1)} s after the WHEP offer`);
    console.log(
      `  latency          p50 ${(webrtc.p50 / 1000).toFixed(3)} s, p95 ${(webrtc.p95 / 1000).toFixed(3)} s ` +
        `(${webrtc.frames} frames over ${measureSeconds} s), freezes ${webrtc.freezes} (Chromium's freezeCount)`,
    );
    if (webrtc.frames === 0) process.exitCode = 1;
  }
} finally {
  await browser.close();
  await relay?.stop();
  await worker.stop();
}

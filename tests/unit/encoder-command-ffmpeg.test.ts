import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from 'vitest';
import { RECOMMENDED_STREAMING_SETTINGS as settings } from '../../schema/live';
import { demoStreamArgs, ingestUrl } from '../../scripts/seed/demo-stream';
import { type FfmpegSource, ffmpegCommand } from '../../web/features/livestream/encoder-configs';
import { LIVE_TARGET_DURATIONS } from '../../worker/live/liveness';

/*
 * The configuration dialog's ffmpeg commands and the demo stream, run for real (Debian's
 * /usr/bin/ffmpeg) on 3 s test clips against a local HTTP server standing in for the ingest: what
 * it receives is what the worker would be sent, over the same HTTP. A command reads its input at
 * the input's own pace (`-re`: 3 s a run, mostly waiting), so the runs go at once, each under its
 * own stream key.
 */
const FFMPEG = '/usr/bin/ffmpeg';
const run = promisify(execFile);
let work = '';
let server: Server;
let ingest = '';

/**
 * `sent`: the number of the connection it came on, in the order ffmpeg opened them; `at`: when its
 * request reached the server (epoch ms).
 */
type Upload = { method: string; path: string; body: Buffer; sent: number; at: number };
/**
 * Every upload (`/ingest/<key>/720p.m3u8`). ffmpeg sends a stream's files one after another, each
 * on a new connection. Node accepts connections in the order they were made, but a busy server can
 * parse the requests of several waiting connections in another order, so the order of the requests
 * here is not the order ffmpeg sent them (a SIGTERM's last playlist was once read before the one
 * it replaces); the connections' order is.
 */
const uploads: Upload[] = [];
const connectionNumbers = new WeakMap<object, number>();
/** Uploads whose body is still arriving. */
const arriving = new Set<Promise<void>>();
/** ffmpeg's connections the server has not seen closed: each one's request may still be unread. */
const openConnections = new Map<object, Promise<void>>();
/**
 * Waits for the uploads ffmpeg sent before it exited that the server has already begun to see: one
 * pass of the event loop's poll phase (a timer, then an immediate, have one between them), then the
 * connections it has accepted (one closes only after its requests have been read). That is not
 * always all of them: the final playlist can come later still (`endedPlaylist`).
 */
const allArrived = async () => {
  await new Promise((resolve) => setTimeout(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.all(openConnections.values());
  await Promise.all(arriving);
};

const last = (key: string, name: string) =>
  uploads
    .filter((u) => u.path === `/ingest/${key}/${name}`)
    .reduce<Upload | undefined>((latest, u) => (latest && latest.sent > u.sent ? latest : u), undefined);
const text = (key: string, name: string) => last(key, name)?.body.toString('utf8') ?? '';
/**
 * The final playlist `name` of `key`, the one ffmpeg ends with `#EXT-X-ENDLIST` as it finishes. It
 * is waited for: on a loaded machine it was not among the uploads when `allArrived()` returned
 * (the demo stream, 1 run in 6 and 1 in 10 beside three busy loops, ffmpeg exited 255 with no
 * error; a playlist with 2 segments of 3 once before), and never missing in 12 runs that looked 3 s later.
 */
const endedPlaylist = async (check: ExpectStatic, key: string, name: string) => {
  await check.poll(() => text(key, name), { timeout: 10_000, interval: 100 }).toContain('#EXT-X-ENDLIST');
  return text(key, name);
};
const isJpeg = (body: Buffer) => body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff;

/** The test clips: `sound` adds a tone, `pixFmt` is the picture format (yuv444p: a 4:4:4 x264 input). */
const CLIPS = {
  sound420: { sound: true, pixFmt: 'yuv420p' },
  sound444: { sound: true, pixFmt: 'yuv444p' },
  mute420: { sound: false, pixFmt: 'yuv420p' },
  mute444: { sound: false, pixFmt: 'yuv444p' },
} as const;
type Clip = keyof typeof CLIPS;
const input = (clip: Clip) => join(work, `${clip}.mp4`);

/** Writes the 3 s test clip `clip` to `input(clip)`. */
const makeInput = async (clip: Clip) => {
  const { sound, pixFmt } = CLIPS[clip];
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
    ...(sound ? ['-f', 'lavfi', '-i', 'sine=frequency=440', '-c:a', 'aac'] : []),
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', pixFmt, input(clip)],
  ]);
};

/** Runs the dialog's command as a user would: one shell line (quoted filter graph and stream map). */
const runCommand = async (key: string, source: FfmpegSource) => {
  const command = ffmpegCommand(ingest, key, settings, source).replace(
    /^ffmpeg /,
    `${FFMPEG} -hide_banner -loglevel error -nostdin `,
  );
  await run('/bin/bash', ['-c', command], { timeout: 60_000 });
  await allArrived();
};

const probe = async (file: string, entries: string) =>
  (await run('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'csv=p=0', file])).stdout
    .trim()
    .split('\n');

/** Writes `body` to a file named for `key` (and `extension`), for ffprobe. */
const fileOf = (key: string, extension: string, body: Buffer | undefined) => {
  const file = join(work, `${key}.${extension}`);
  writeFileSync(file, body ?? Buffer.alloc(0));
  return file;
};

/** The first 720p segment of `key`'s stream, written to disk for ffprobe. */
const firstSegment = (key: string) => {
  const segment = uploads.find((u) => u.path.startsWith(`/ingest/${key}/720p`) && u.path.endsWith('.ts'));
  if (!segment) throw new Error('no 720p segment was sent');
  return fileOf(key, 'ts', segment.body);
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'reel-encoder-command-'));
  server = createServer((request, response) => {
    const sent = connectionNumbers.get(request.socket) ?? -1;
    const upload: Upload = {
      method: request.method ?? '',
      path: request.url ?? '',
      body: Buffer.alloc(0),
      sent,
      at: Date.now(),
    };
    uploads.push(upload);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    const arrived = new Promise<void>((resolve) =>
      request.on('end', () => {
        upload.body = Buffer.concat(chunks);
        response.writeHead(201).end();
        arriving.delete(arrived);
        resolve();
      }),
    );
    arriving.add(arrived);
  });
  let connections = 0;
  server.on('connection', (socket) => {
    connectionNumbers.set(socket, connections++);
    openConnections.set(
      socket,
      new Promise((resolve) =>
        socket.once('close', () => {
          openConnections.delete(socket);
          resolve();
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ingest = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`;
  await Promise.all((Object.keys(CLIPS) as Clip[]).map(makeInput));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

/** What every successful run must have sent under `key`: two 1 s renditions under a master, and a still. */
const expectStreamAndStill = async (check: ExpectStatic, key: string) => {
  const master = text(key, 'index.m3u8');
  expect(master).toMatch(/RESOLUTION=1280x720[^\n]*\n720p\.m3u8/);
  expect(master).toMatch(/RESOLUTION=640x360[^\n]*\n360p\.m3u8/);
  for (const variant of ['720p', '360p']) {
    const playlist = await endedPlaylist(check, key, `${variant}.m3u8`);
    expect(playlist).toContain('#EXT-X-TARGETDURATION:1\n');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
    expect(durations.length).toBeGreaterThanOrEqual(3);
    for (const duration of durations) expect(duration).toBeCloseTo(1, 1);
    for (const segment of playlist.split('\n').filter((line) => line.endsWith('.ts')))
      expect(last(key, segment)?.body.byteLength).toBeGreaterThan(0);
  }
  const still = last(key, 'poster.jpg');
  expect(still?.method).toBe('POST');
  expect(isJpeg(still?.body ?? Buffer.alloc(0))).toBe(true);
  expect(await probe(fileOf(key, 'jpg', still?.body), 'stream=width')).toEqual(['640']);
};

describe.concurrent('the dialog ffmpeg command for a source with sound, run by ffmpeg', () => {
  it('streams a 4:2:0 clip with sound as 720p and 360p with audio, and sends a still', async ({ expect }) => {
    await runCommand('sound420', { input: input('sound420') });
    await expectStreamAndStill(expect, 'sound420');
    expect(text('sound420', 'index.m3u8')).toContain('mp4a.40.2');
  }, 90_000);

  it('turns a 4:4:4 clip into 4:2:0 H.264 Main that browsers play (x264 refuses 4:4:4 with Main)', async ({
    expect,
  }) => {
    await runCommand('sound444', { input: input('sound444') });
    await expectStreamAndStill(expect, 'sound444');
    expect(await probe(firstSegment('sound444'), 'stream=pix_fmt,profile')).toContain('Main,yuv420p');
  }, 90_000);

  it('fails on a source without sound: that is what the video-only command is for', async () => {
    await expect(runCommand('mute-with-sound', { input: input('mute420') })).rejects.toThrow();
  }, 90_000);
});

describe.concurrent('the dialog ffmpeg command for a source without sound, run by ffmpeg', () => {
  it('streams a video-only clip as 720p and 360p without audio, and sends a still', async ({ expect }) => {
    await runCommand('mute420', { input: input('mute420'), sound: false });
    await expectStreamAndStill(expect, 'mute420');
    expect(text('mute420', 'index.m3u8')).not.toContain('mp4a');
  }, 90_000);

  it('streams a video-only 4:4:4 clip as 4:2:0 H.264 Main', async ({ expect }) => {
    await runCommand('mute444', { input: input('mute444'), sound: false });
    await expectStreamAndStill(expect, 'mute444');
    expect(await probe(firstSegment('mute444'), 'stream=pix_fmt,profile')).toContain('Main,yuv420p');
  }, 90_000);
});

describe.concurrent('the demo stream, run by ffmpeg', () => {
  // The test's own `expect`: a concurrent test's `expect.poll` on the global one once failed with
  // "expect.poll() must be called inside a test" while the unit project's other files ran.
  it('pushes each HLS segment with PUT as it is made and a still frame, and ends the playlist on SIGTERM', async ({
    expect,
  }) => {
    const key = 'demo';
    const child = spawn(FFMPEG, demoStreamArgs(ingestUrl(ingest.replace(/\/ingest$/, ''), key)), {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const segmentTimes = () =>
      uploads
        .filter((u) => u.path.startsWith(`/ingest/${key}/index`) && u.path.endsWith('.ts'))
        .map((u) => u.at);
    await expect.poll(() => last(key, 'poster.jpg'), { timeout: 10_000, interval: 250 }).toBeDefined();
    await expect
      .poll(() => segmentTimes().length, { timeout: 20_000, interval: 250 })
      .toBeGreaterThanOrEqual(7);
    child.kill('SIGTERM');
    await exited;
    await allArrived();
    const segments = uploads.filter((u) => u.path.startsWith(`/ingest/${key}/index`));
    expect(segments.some((u) => u.method === 'PUT' && u.path.endsWith('.ts'))).toBe(true);
    await endedPlaylist(expect, key, 'index.m3u8');
    expect(errors).toBe('');
    const still = last(key, 'poster.jpg');
    expect(isJpeg(still?.body ?? Buffer.alloc(0))).toBe(true);
    expect(await probe(fileOf(key, 'jpg', still?.body), 'stream=width')).toEqual(['640']);
    // Each 1 s segment is sent as it is made, never held back for the still: with a still every
    // 5 s, ffmpeg 5.1 sent them five at a time, 5 s apart, and the ingest called the stream
    // offline between the bursts (live for 3 target durations after a segment).
    const times = segmentTimes();
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? at));
    expect(Math.max(...gaps)).toBeLessThan(LIVE_TARGET_DURATIONS * 1000);
  }, 40_000);
});

import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECOMMENDED_STREAMING_SETTINGS as settings } from '../../schema/live';
import { demoStreamArgs, ingestUrl } from '../../scripts/seed/demo-stream';
import { type FfmpegSource, ffmpegCommand } from '../../web/features/livestream/encoder-configs';

/*
 * The configuration dialog's ffmpeg commands and the demo stream, run for real (Debian's
 * /usr/bin/ffmpeg) on 3 s test clips against a local HTTP server standing in for the ingest: what
 * it receives is what the worker would be sent, over the same HTTP.
 */
const FFMPEG = '/usr/bin/ffmpeg';
const key = 'sk_test';
let work = '';
let server: Server;
let ingest = '';
/** Every upload by path (`/ingest/sk_test/720p.m3u8`): method and body, in arrival order. */
let uploads: { method: string; path: string; body: Buffer }[] = [];

const last = (name: string) => uploads.filter((u) => u.path === `/ingest/${key}/${name}`).at(-1);
const text = (name: string) => last(name)?.body.toString('utf8') ?? '';
const isJpeg = (body: Buffer) => body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff;

/** A 3 s test clip: `sound` adds a tone, `pixFmt` is its picture format (yuv444p: a 4:4:4 x264 input). */
const makeInput = (name: string, { sound, pixFmt }: { sound: boolean; pixFmt: 'yuv420p' | 'yuv444p' }) => {
  const file = join(work, name);
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
    ...(sound ? ['-f', 'lavfi', '-i', 'sine=frequency=440', '-c:a', 'aac'] : []),
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', pixFmt, file],
  ]);
  return file;
};

/** Runs the dialog's command as a user would: one shell line (quoted filter graph and stream map). */
const runCommand = async (source: FfmpegSource) => {
  const command = ffmpegCommand(ingest, key, settings, source).replace(
    /^ffmpeg /,
    `${FFMPEG} -hide_banner -loglevel error -nostdin `,
  );
  await promisify(execFile)('/bin/bash', ['-c', command], { timeout: 60_000 });
};

const probe = (file: string, entries: string) =>
  execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'csv=p=0', file], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n');

/** The first stored 720p segment, written to disk for ffprobe. */
const firstSegment = () => {
  const segment = uploads.find((u) => /\/720p\d+\.ts$/.test(u.path));
  if (!segment) throw new Error('no 720p segment was sent');
  const file = join(work, 'probe.ts');
  writeFileSync(file, segment.body);
  return file;
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'reel-encoder-command-'));
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      uploads.push({ method: request.method ?? '', path: request.url ?? '', body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ingest = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`;
});
beforeEach(() => {
  uploads = [];
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

/** What every successful run must have sent: two 1 s renditions under a master, and a still. */
const expectStreamAndStill = () => {
  const master = text('index.m3u8');
  expect(master).toMatch(/RESOLUTION=1280x720[^\n]*\n720p\.m3u8/);
  expect(master).toMatch(/RESOLUTION=640x360[^\n]*\n360p\.m3u8/);
  for (const variant of ['720p', '360p']) {
    const playlist = text(`${variant}.m3u8`);
    expect(playlist).toContain('#EXT-X-TARGETDURATION:1\n');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
    expect(durations.length).toBeGreaterThanOrEqual(3);
    for (const duration of durations) expect(duration).toBeCloseTo(1, 1);
    for (const segment of playlist.split('\n').filter((line) => line.endsWith('.ts')))
      expect(last(segment)?.body.byteLength).toBeGreaterThan(0);
  }
  const still = last('poster.jpg');
  expect(still?.method).toBe('POST');
  expect(isJpeg(still?.body ?? Buffer.alloc(0))).toBe(true);
  expect(probe(writeStill(still?.body), 'stream=width')).toEqual(['640']);
};
const writeStill = (body: Buffer | undefined) => {
  const file = join(work, 'still.jpg');
  writeFileSync(file, body ?? Buffer.alloc(0));
  return file;
};

describe('the dialog ffmpeg command for a source with sound, run by ffmpeg', () => {
  it('streams a 4:2:0 clip with sound as 720p and 360p with audio, and sends a still', async () => {
    await runCommand({ input: makeInput('sound420.mp4', { sound: true, pixFmt: 'yuv420p' }) });
    expectStreamAndStill();
    expect(text('index.m3u8')).toContain('mp4a.40.2');
  }, 90_000);

  it('turns a 4:4:4 clip into 4:2:0 H.264 Main that browsers play (x264 refuses 4:4:4 with Main)', async () => {
    await runCommand({ input: makeInput('sound444.mp4', { sound: true, pixFmt: 'yuv444p' }) });
    expectStreamAndStill();
    expect(probe(firstSegment(), 'stream=pix_fmt,profile')).toContain('Main,yuv420p');
  }, 90_000);

  it('fails on a source without sound: that is what the video-only command is for', async () => {
    await expect(
      runCommand({ input: makeInput('mute420.mp4', { sound: false, pixFmt: 'yuv420p' }) }),
    ).rejects.toThrow();
  }, 90_000);
});

describe('the dialog ffmpeg command for a source without sound, run by ffmpeg', () => {
  it('streams a video-only clip as 720p and 360p without audio, and sends a still', async () => {
    await runCommand({ input: makeInput('mute420.mp4', { sound: false, pixFmt: 'yuv420p' }), sound: false });
    expectStreamAndStill();
    expect(text('index.m3u8')).not.toContain('mp4a');
  }, 90_000);

  it('streams a video-only 4:4:4 clip as 4:2:0 H.264 Main', async () => {
    await runCommand({ input: makeInput('mute444.mp4', { sound: false, pixFmt: 'yuv444p' }), sound: false });
    expectStreamAndStill();
    expect(probe(firstSegment(), 'stream=pix_fmt,profile')).toContain('Main,yuv420p');
  }, 90_000);
});

describe('the demo stream, run by ffmpeg', () => {
  it('pushes HLS segments with PUT and a still frame, and ends the playlist on SIGTERM', async () => {
    const child = spawn(FFMPEG, demoStreamArgs(ingestUrl(ingest.replace(/\/ingest$/, ''), key)));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // fps=1/5 sends its first frame once it has seen 2.5 s of input (it picks the nearest frame).
    await expect.poll(() => last('poster.jpg'), { timeout: 10_000, interval: 250 }).toBeDefined();
    child.kill('SIGTERM');
    await exited;
    expect(uploads.some((u) => u.method === 'PUT' && /\/index\d+\.ts$/.test(u.path))).toBe(true);
    expect(text('index.m3u8')).toContain('#EXT-X-ENDLIST');
    const still = last('poster.jpg');
    expect(isJpeg(still?.body ?? Buffer.alloc(0))).toBe(true);
    expect(probe(writeStill(still?.body), 'stream=width')).toEqual(['640']);
  }, 30_000);
});

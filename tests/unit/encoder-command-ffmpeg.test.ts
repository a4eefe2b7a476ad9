import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMMENDED_STREAMING_SETTINGS as settings } from '../../schema/live';
import { ffmpegCommand } from '../../web/features/livestream/encoder-configs';

/*
 * The studio's ffmpeg command run for real (Debian's /usr/bin/ffmpeg) on a 3 s test clip, with a
 * temp folder standing in for the ingest URL: what ffmpeg writes there is what it would PUT.
 */
const FFMPEG = '/usr/bin/ffmpeg';
let work = '';
const key = 'sk_test';
const written = (name: string) => readFileSync(join(work, key, name), 'utf8');

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'reel-encoder-command-'));
  mkdirSync(join(work, key));
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    join(work, 'in.mp4'),
  ]);
  const command = ffmpegCommand(work, key, settings, join(work, 'in.mp4')).replace(
    /^ffmpeg /,
    `${FFMPEG} -hide_banner -loglevel error -nostdin `,
  );
  // The command is one shell line (quoted filter graph and stream map), so a shell runs it as a user would.
  execFileSync('/bin/bash', ['-c', command], { cwd: work, timeout: 60_000 });
}, 90_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the studio ffmpeg command, run by ffmpeg', () => {
  it('writes an index.m3u8 master listing a 720p and a 360p variant', () => {
    const master = written('index.m3u8');
    expect(master).toContain('#EXT-X-STREAM-INF');
    expect(master).toMatch(/RESOLUTION=1280x720[^\n]*\n720p\.m3u8/);
    expect(master).toMatch(/RESOLUTION=640x360[^\n]*\n360p\.m3u8/);
  });

  it('cuts each variant into 1 s segments, each listed in its variant playlist', () => {
    for (const variant of ['720p', '360p']) {
      const playlist = written(`${variant}.m3u8`);
      expect(playlist).toContain('#EXT-X-TARGETDURATION:1\n');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
      expect(durations.length).toBeGreaterThanOrEqual(3);
      for (const duration of durations) expect(duration).toBeCloseTo(1, 1);
      const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
      const files = readdirSync(join(work, key));
      for (const segment of segments) expect(files).toContain(segment);
    }
  });
});

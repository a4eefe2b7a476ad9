import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The long test clip's length: a long video, not a short. */
export const LONG_CLIP_SECONDS = 40;

/** The clip's bytes once this worker process has encoded it. */
let longClip: Buffer | undefined;

/**
 * Writes a 40 s landscape clip to `file` from ffmpeg's test source (no footage of anyone). ffmpeg
 * encodes it once per Playwright worker and each later call copies it: the same bytes every time,
 * and six specs ask for it (1.5 CPU s an encode on 2 cores).
 */
export function makeLongClip(file: string): void {
  longClip ??= encodeLongClip();
  writeFileSync(file, longClip);
}

function encodeLongClip(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'reel-long-clip-'));
  const file = join(dir, 'long.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=24'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-t', String(LONG_CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-crf', '38', '-g', '48', '-c:a', 'aac', '-b:a', '24k', '-ac', '1', '-movflags', '+faststart'],
    file,
  ]);
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** Writes the frame of `clip` at `second` to `file`, as a poster (`codec` picks WebP for a card width). */
export function makeStill(clip: string, file: string, { second = 1, codec = [] as string[] } = {}): void {
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(second), '-i', clip],
    ...['-frames:v', '1', ...codec, file],
  ]);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { RECOMMENDED_STREAMING_SETTINGS, STILL_FILTER } from '../../schema/live';

/** Where an encoder pushes a stream to the local ingest (worker/live/CONTEXT.md). */
export const ingestUrl = (workerUrl: string, secret: string): string =>
  `${workerUrl}/ingest/${secret}/index.m3u8`;

/** The studio's segment length (issue 13.8: 1 s), and a keyframe opening every segment at 30 fps. */
const SEGMENT_SECONDS = RECOMMENDED_STREAMING_SETTINGS.keyframeInterval;

/**
 * ffmpeg pushing an endless test picture with a tone, encoded as the studio's command does (x264
 * veryfast zerolatency, a keyframe and a segment every `SEGMENT_SECONDS`, AAC, HLS over PUT), in
 * one rendition at 854x480 on one thread so the demo costs a fraction of a core; and, like the
 * studio's command, a still frame every second to `poster.jpg` beside the playlist (home's card).
 */
export const demoStreamArgs = (url: string): string[] => [
  ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
  ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=30'],
  ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', String(SEGMENT_SECONDS * 30)],
  ...['-pix_fmt', 'yuv420p', '-threads', '1'],
  ...['-c:a', 'aac', '-b:a', '96k'],
  ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-method', 'PUT', url],
  ...[
    '-map',
    '0:v',
    '-vf',
    STILL_FILTER,
    '-update',
    '1',
    '-f',
    'image2',
    url.replace(/index\.m3u8$/, 'poster.jpg'),
  ],
];

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Debian's /usr/bin/ffmpeg, else the first ffmpeg on PATH; null when there is none. */
export const findFfmpeg = (searchPath = process.env.PATH ?? ''): string | null => {
  const candidates = [
    '/usr/bin/ffmpeg',
    ...searchPath.split(path.delimiter).map((d) => path.join(d, 'ffmpeg')),
  ];
  return candidates.find((file) => path.isAbsolute(file) && isExecutable(file)) ?? null;
};

/** How long to wait before restarting ffmpeg: quick after a long run, backing off while it keeps failing. */
export const restartDelayMs = (ranMs: number, previousDelayMs: number): number =>
  ranMs > 30_000 ? 1_000 : Math.min(Math.max(previousDelayMs * 2, 1_000), 30_000);

export type DemoStream = { stop: () => Promise<void> };

/**
 * Runs ffmpeg with `args` until `stop()`, restarting it whenever it exits (a worker restart, a
 * network hiccup). `stop()` sends SIGTERM, on which ffmpeg writes `#EXT-X-ENDLIST` so the stream
 * goes offline at once, and SIGKILL after 3 s. If this process exits anyway, ffmpeg is killed
 * with it, so no encoder is left pushing to a worker that is gone.
 */
export const superviseDemoStream = (ffmpeg: string, args: readonly string[]): DemoStream => {
  let child: ChildProcess | null = null;
  let stopping = false;
  let delayMs = 0;
  let timer: NodeJS.Timeout | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  const run = () => {
    if (stopping) return;
    const startedAt = Date.now();
    const current = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child = current;
    current.on('error', (error) => console.error(`demo stream: ${error.message}`));
    current.on('exit', (code, signal) => {
      if (child === current) child = null;
      if (stopping) return;
      delayMs = restartDelayMs(Date.now() - startedAt, delayMs);
      console.error(`demo stream: ffmpeg exited (${signal ?? code}); restarting in ${delayMs / 1000} s`);
      timer = setTimeout(run, delayMs);
    });
  };
  run();

  return {
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      const current = child;
      if (current && current.exitCode === null && current.signalCode === null) {
        const exited = new Promise((resolve) => current.once('exit', resolve));
        current.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
        if (current.exitCode === null && current.signalCode === null) current.kill('SIGKILL');
      }
      process.off('exit', killOnExit);
    },
  };
};

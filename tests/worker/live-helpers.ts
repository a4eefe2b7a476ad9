import { env, SELF } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import { liveClock } from '../../worker/live/clock';
import fixture from '../fixtures/live/segments.json';

/* What ffmpeg's HLS muxer PUTs to the local ingest, for the renditions and replays tests. */

export const BASE = 'http://reel.test';
export const segmentBytes = fixture.segments.map((segment) =>
  Uint8Array.from(atob(segment.base64), (c) => c.charCodeAt(0)),
);

/** A media playlist as ffmpeg writes it after segment `last` (1 s segments, list size 5). */
export const mediaPlaylist = (variant: string, last: number, options: { ended?: boolean } = {}) => {
  const first = Math.max(0, last - 4);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (let n = first; n <= last; n++) lines.push('#EXTINF:1.000000,', `${variant}${n}.ts`);
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
};

/** ffmpeg's `-master_pl_name index.m3u8` with `-var_stream_map "... name:<variant> ..."`. */
export const masterPlaylist = (variants: string[]) => {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  variants.forEach((variant, i) => {
    const height = 720 / (i + 1);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${3_000_000 / (i + 1)},RESOLUTION=${Math.round((height * 16) / 9)}x${height},CODECS="avc1.64001f,mp4a.40.2"`,
      `${variant}.m3u8`,
      '',
    );
  });
  return `${lines.join('\n')}\n`;
};

export const put = (secret: string, file: string, body: BodyInit) =>
  SELF.fetch(`${BASE}/ingest/${secret}/${file}`, { method: 'PUT', body });

/** Segments `from..to` of each variant in ffmpeg's order: a segment, then its variant's playlist. */
export const pushVariants = async (
  secret: string,
  variants: string[],
  from: number,
  to: number,
  options: { masterAfter?: number; endAt?: number } = {},
) => {
  for (let n = from; n <= to; n++) {
    for (const variant of variants) {
      const bytes = segmentBytes[n % segmentBytes.length]!;
      expect((await put(secret, `${variant}${n}.ts`, bytes)).status).toBe(201);
      const ended = options.endAt === n;
      expect((await put(secret, `${variant}.m3u8`, mediaPlaylist(variant, n, { ended }))).status).toBe(201);
    }
    if (options.masterAfter === n)
      expect((await put(secret, 'index.m3u8', masterPlaylist(variants))).status).toBe(201);
  }
};

/** Playlists are text, but workerd only calls `text/*` bodies text. */
export const getLines = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`);
  const lines = new TextDecoder()
    .decode(await response.arrayBuffer())
    .trim()
    .split('\n');
  return { status: response.status, type: response.headers.get('Content-Type'), lines };
};
export const uris = (lines: string[]) => lines.filter((line) => line !== '' && !line.startsWith('#'));
export const storedKeys = async (prefix: string) =>
  (await env.MEDIA.list({ prefix })).objects.map((object) => object.key);

/**
 * The live rules' clock, 50 ms further on each read: pushes are 1 s segments with a 3 s live grace,
 * and a loaded machine must not turn a slow test into a silent encoder. `jump` moves it on.
 */
export const steppingClock = () => {
  let now = Date.now();
  vi.spyOn(liveClock, 'now').mockImplementation(() => {
    now += 50;
    return now;
  });
  return {
    jump: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
};

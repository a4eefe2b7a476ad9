import { SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamer } from '../factories/live';
import {
  BASE,
  getLines,
  masterPlaylist,
  mediaPlaylist,
  pushVariants,
  put,
  segmentBytes,
  steppingClock,
  storedKeys,
  uris,
} from './live-helpers';
import { errorMessage } from './session';

beforeEach(() => {
  steppingClock();
});
afterEach(() => {
  vi.restoreAllMocks();
});

// Many uploads per test: a loaded machine (two cores shared) needs more than the default 5 s.
describe('renditions at the local ingest (issue 13.9)', { timeout: 30_000 }, () => {
  it('serves a two-variant push as a master whose variant playlists are live windows', async () => {
    const { key } = await streamer();
    await pushVariants(key.key, ['720p', '360p'], 0, 7, { masterAfter: 0 });

    const master = await getLines(`/hls/${key.playbackId}/index.m3u8`);
    expect(master.status).toBe(200);
    expect(master.type).toBe('application/vnd.apple.mpegurl');
    const streamInfs = master.lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(streamInfs).toHaveLength(2);
    expect(streamInfs[0]).toContain('BANDWIDTH=3000000');
    expect(streamInfs[0]).toContain('RESOLUTION=1280x720');
    expect(streamInfs[1]).toContain('RESOLUTION=640x360');
    expect(uris(master.lines)).toEqual(['720p.m3u8', '360p.m3u8']);
    expect(master.lines.join('\n')).not.toContain(key.key);

    for (const variant of ['720p', '360p']) {
      // Relative URIs: the variant's live window sits next to the master.
      const media = await getLines(`/hls/${key.playbackId}/${variant}.m3u8`);
      expect(media.status, variant).toBe(200);
      expect(media.lines).toContain('#EXT-X-MEDIA-SEQUENCE:2');
      expect(media.lines).not.toContain('#EXT-X-ENDLIST');
      const segments = uris(media.lines);
      expect(segments).toHaveLength(6);
      const last = await SELF.fetch(`${BASE}/hls/${key.playbackId}/${segments.at(-1)}`);
      expect(last.status).toBe(200);
      expect(new Uint8Array(await last.arrayBuffer())).toEqual(segmentBytes[7 % segmentBytes.length]);
    }
    // Each variant's own segments, never the other's.
    const high = uris((await getLines(`/hls/${key.playbackId}/720p.m3u8`)).lines);
    const low = uris((await getLines(`/hls/${key.playbackId}/360p.m3u8`)).lines);
    expect(high.filter((segment) => low.includes(segment))).toEqual([]);
    for (const stored of await storedKeys('live/')) expect(stored).not.toContain(key.key);
  });

  it('keeps a single-rendition push a plain media playlist at index.m3u8', async () => {
    const { key } = await streamer();
    await pushVariants(key.key, ['index'], 0, 2);
    const playlist = await getLines(`/hls/${key.playbackId}/index.m3u8`);
    expect(playlist.status).toBe(200);
    expect(playlist.lines.some((line) => line.startsWith('#EXT-X-STREAM-INF'))).toBe(false);
    expect(playlist.lines).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(uris(playlist.lines)).toHaveLength(3);
  });

  it('refuses a master with five renditions, and one naming a path or itself', async () => {
    const { key } = await streamer();
    const five = await put(key.key, 'index.m3u8', masterPlaylist(['a', 'b', 'c', 'd', 'e']));
    expect(five.status).toBe(400);
    expect(errorMessage(await five.json()).message).toBe('At most 4 renditions');
    const escaping = masterPlaylist(['hi']).replace('hi.m3u8', '../other/hi.m3u8');
    expect((await put(key.key, 'index.m3u8', escaping)).status).toBe(400);
    expect((await put(key.key, 'index.m3u8', masterPlaylist(['index']))).status).toBe(400);
    // A stream with no accepted master stays a single rendition.
    await pushVariants(key.key, ['index'], 0, 0);
    const playlist = await getLines(`/hls/${key.playbackId}/index.m3u8`);
    expect(playlist.lines.some((line) => line.startsWith('#EXT-X-STREAM-INF'))).toBe(false);
  });

  it('stays live while any variant sends, and the first ENDLIST takes the stream offline', async () => {
    const { key } = await streamer();
    await pushVariants(key.key, ['720p', '360p'], 0, 2, { masterAfter: 0 });
    expect((await put(key.key, '720p.m3u8', mediaPlaylist('720p', 2, { ended: true }))).status).toBe(201);
    expect((await SELF.fetch(`${BASE}/hls/${key.playbackId}/index.m3u8`)).status).toBe(404);
    // The other variant's last segment lands after: it belongs to the ended run, not a new one.
    expect((await put(key.key, '360p3.ts', segmentBytes[0]!)).status).toBe(201);
    const offline = await SELF.fetch(`${BASE}/hls/${key.playbackId}/360p.m3u8`);
    expect(offline.status).toBe(404);
    expect(errorMessage(await offline.json()).message).toBe('Stream is offline');
  });
});

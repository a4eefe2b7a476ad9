import { env, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test';
import { getServerByName } from 'partyserver';
import { describe, expect, it } from 'vitest';
import { StatusServerMessageSchema } from '../../schema/chat';
import { streamStatus } from '../../worker/live/status';
import { prepareSession, streamer } from '../factories/live';
import fixture from '../fixtures/live/segments.json';
import { openSocket } from './room-socket';
import { errorMessage } from './session';

const BASE = 'http://reel.test';
const segmentBytes = fixture.segments.map((segment) =>
  Uint8Array.from(atob(segment.base64), (c) => c.charCodeAt(0)),
);

/** What ffmpeg's `-f hls -hls_list_size 5` writes after segment `last` (0-based, 1 s segments). */
const encoderPlaylist = (last: number, options: { ended?: boolean; first?: number } = {}) => {
  const first = options.first ?? Math.max(0, last - 4);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (let n = first; n <= last; n++) lines.push('#EXTINF:1.000000,', `index${n}.ts`);
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
};

const put = (secret: string, file: string, body: BodyInit, init: RequestInit = {}) =>
  SELF.fetch(`${BASE}/ingest/${secret}/${file}`, { method: 'PUT', body, ...init });

/** Pushes segments `from..to` the way ffmpeg does: each segment, then the playlist that lists it. */
const pushSegments = async (secret: string, from: number, to: number) => {
  for (let n = from; n <= to; n++) {
    expect((await put(secret, `index${n}.ts`, segmentBytes[n % segmentBytes.length]!)).status).toBe(201);
    expect((await put(secret, 'index.m3u8', encoderPlaylist(n))).status).toBe(201);
  }
};

const playlistLines = async (playbackId: string) => {
  const response = await SELF.fetch(`${BASE}/hls/${playbackId}/index.m3u8`);
  expect(response.status).toBe(200);
  return decodePlaylist(response);
};
/** Playlists are text, but workerd only calls `text/*` bodies text. */
const decodePlaylist = async (response: Response) =>
  new TextDecoder()
    .decode(await response.arrayBuffer())
    .trim()
    .split('\n');
const uris = (lines: string[]) => lines.filter((line) => line !== '' && !line.startsWith('#'));
const storedKeys = async (prefix = 'live/') => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);

/** Makes the stream's last segment `ms` older, as if the encoder had gone quiet that long. */
const age = (streamKeyId: string, ms: number) =>
  env.DB.prepare('UPDATE live_ingest SET last_segment_at = last_segment_at - ?2 WHERE stream_key_id = ?1')
    .bind(streamKeyId, ms)
    .run();

describe('PUT /ingest/<secret>/<file> and GET /hls/<playbackId>/index.m3u8', () => {
  it('plays what the encoder pushed as a live playlist with our own sequence numbers', async () => {
    const { key } = await streamer();
    await pushSegments(key.key, 0, 2);

    const response = await SELF.fetch(`${BASE}/hls/${key.playbackId}/index.m3u8`);
    expect(response.headers.get('Content-Type')).toBe('application/vnd.apple.mpegurl');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const lines = await decodePlaylist(response);
    expect(lines.slice(0, 4)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:0',
    ]);
    expect(lines.filter((line) => line.startsWith('#EXTINF:'))).toEqual(Array(3).fill('#EXTINF:1.000000,'));
    expect(lines).not.toContain('#EXT-X-ENDLIST');

    const segments = uris(lines);
    expect(segments).toHaveLength(3);
    const first = await SELF.fetch(`${BASE}/hls/${key.playbackId}/${segments[0]}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('video/mp2t');
    expect(first.headers.get('Cache-Control')).toContain('immutable');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(segmentBytes[0]);

    const range = await SELF.fetch(`${BASE}/hls/${key.playbackId}/${segments[1]}`, {
      headers: { Range: 'bytes=0-187' },
    });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(segmentBytes[1]!.slice(0, 188));
  });

  it('keeps the secret key out of playback URLs, playlists and storage keys', async () => {
    const { key } = await streamer();
    await pushSegments(key.key, 0, 1);
    const text = (await playlistLines(key.playbackId)).join('\n');
    expect(text).not.toContain(key.key);
    expect(key.playbackUrl).toBe(`/hls/${key.playbackId}/index.m3u8`);
    const stored = await storedKeys();
    expect(stored.length).toBeGreaterThan(0);
    for (const storageKey of stored) {
      expect(storageKey.startsWith(`live/${key.playbackId}/`)).toBe(true);
      expect(storageKey).not.toContain(key.key);
    }
  });

  it('slides: six segments in the playlist, and segments far behind it are deleted', async () => {
    const { key } = await streamer();
    await pushSegments(key.key, 0, 13);

    const lines = await playlistLines(key.playbackId);
    expect(lines).toContain('#EXT-X-MEDIA-SEQUENCE:8');
    expect(uris(lines)).toHaveLength(6);
    // 14 pushed, the window of 6 plus 4 behind it kept: the first 4 are gone from R2 and the API.
    expect(await storedKeys(`live/${key.playbackId}/`)).toHaveLength(10);
    const rows = await env.DB.prepare('SELECT MIN(seq) AS first FROM live_segments WHERE stream_key_id = ?1')
      .bind(key.id)
      .first<{ first: number }>();
    expect(rows?.first).toBe(4);
  });

  it('refuses an unknown key with 404 and a deactivated one with 403, storing nothing', async () => {
    const { key, caller } = await streamer();
    const unknown = await put('0'.repeat(64), 'index0.ts', segmentBytes[0]!);
    expect(unknown.status).toBe(404);

    expect((await caller.json(`/api/stream-keys/${key.id}/deactivate`, 'POST')).status).toBe(200);
    const deactivated = await put(key.key, 'index0.ts', segmentBytes[0]!);
    expect(deactivated.status).toBe(403);
    expect((await put(key.key, 'index.m3u8', encoderPlaylist(0))).status).toBe(403);

    expect(await storedKeys()).toEqual([]);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM live_segments').first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('takes only a playlist and .ts segments, never a path', async () => {
    const { key } = await streamer();
    for (const file of ['clip.mp4', 'index.m3u8.tmp', '..%2Fescape.ts', '.ts', `${'a'.repeat(70)}.ts`]) {
      const response = await put(key.key, file, segmentBytes[0]!);
      expect(response.status, file).toBe(400);
    }
    const notPlaylist = await put(key.key, 'index.m3u8', 'hello');
    expect(notPlaylist.status).toBe(400);
    expect(await storedKeys()).toEqual([]);
  });

  it('accepts a chunked segment but refuses one over 16 MB with 413 without storing it', async () => {
    const { key } = await streamer();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 17) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await put(key.key, 'index0.ts', body);
    expect(response.status).toBe(413);
    expect(await storedKeys()).toEqual([]);

    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(segmentBytes[0]!.slice(0, 1000));
        controller.enqueue(segmentBytes[0]!.slice(1000));
        controller.close();
      },
    });
    expect((await put(key.key, 'index0.ts', chunked)).status).toBe(201);
    expect((await put(key.key, 'index.m3u8', encoderPlaylist(0))).status).toBe(201);
    const [segment] = uris(await playlistLines(key.playbackId));
    const served = await SELF.fetch(`${BASE}/hls/${key.playbackId}/${segment}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(segmentBytes[0]);
  });

  it('acknowledges the encoder deleting its old segments (delete_segments) but keeps our window', async () => {
    const { key } = await streamer();
    await pushSegments(key.key, 0, 1);
    const response = await SELF.fetch(`${BASE}/ingest/${key.key}/index0.ts`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(uris(await playlistLines(key.playbackId))).toHaveLength(2);
  });

  it('answers "Stream is offline" (404) before the first segment, after ENDLIST and after 3 silent target durations', async () => {
    const { key } = await streamer();
    const before = await SELF.fetch(`${BASE}/hls/${key.playbackId}/index.m3u8`);
    expect(before.status).toBe(404);
    expect(errorMessage(await before.json()).message).toBe('Stream is offline');

    await pushSegments(key.key, 0, 2);
    expect((await put(key.key, 'index.m3u8', encoderPlaylist(2, { ended: true }))).status).toBe(201);
    const ended = await SELF.fetch(`${BASE}/hls/${key.playbackId}/index.m3u8`);
    expect(ended.status).toBe(404);
    expect(errorMessage(await ended.json()).message).toBe('Stream is offline');

    const other = await streamer();
    await pushSegments(other.key.key, 0, 1);
    await age(other.key.id, 1_500);
    expect((await SELF.fetch(`${BASE}/hls/${other.key.playbackId}/index.m3u8`)).status).toBe(200);
    await age(other.key.id, 2_000);
    expect((await SELF.fetch(`${BASE}/hls/${other.key.playbackId}/index.m3u8`)).status).toBe(404);
  });

  it('starts a fresh window when the encoder comes back, continuing the sequence after a discontinuity', async () => {
    const { key } = await streamer();
    await pushSegments(key.key, 0, 2);
    const firstRun = uris(await playlistLines(key.playbackId));
    expect((await put(key.key, 'index.m3u8', encoderPlaylist(2, { ended: true }))).status).toBe(201);

    // ffmpeg restarted: its file names and media sequence start again from 0.
    await pushSegments(key.key, 0, 1);
    const lines = await playlistLines(key.playbackId);
    expect(lines).toContain('#EXT-X-MEDIA-SEQUENCE:3');
    expect(lines).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:2');
    expect(uris(lines)).toHaveLength(2);
    for (const gone of firstRun) {
      expect((await SELF.fetch(`${BASE}/hls/${key.playbackId}/${gone}`)).status).toBe(404);
    }
  });

  it('marks a discontinuity when the encoder restarts while still live', async () => {
    const { key } = await streamer();
    await pushSegments(key.key, 0, 2);
    await pushSegments(key.key, 0, 0);
    const lines = await playlistLines(key.playbackId);
    expect(uris(lines)).toHaveLength(4);
    expect(lines.filter((line) => line === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    expect(lines.indexOf('#EXT-X-DISCONTINUITY')).toBe(lines.length - 3);
  });

  it('answers "Stream is private" (403) for the playlist and segments of a deactivated key', async () => {
    const { key, caller } = await streamer();
    await pushSegments(key.key, 0, 1);
    const [segment] = uris(await playlistLines(key.playbackId));
    expect((await caller.json(`/api/stream-keys/${key.id}/deactivate`, 'POST')).status).toBe(200);

    const playlist = await SELF.fetch(`${BASE}/hls/${key.playbackId}/index.m3u8`);
    expect(playlist.status).toBe(403);
    expect(errorMessage(await playlist.json()).message).toBe('Stream is private');
    expect((await SELF.fetch(`${BASE}/hls/${key.playbackId}/${segment}`)).status).toBe(403);
    const unknown = await SELF.fetch(`${BASE}/hls/${'f'.repeat(32)}/index.m3u8`);
    expect(unknown.status).toBe(404);
    expect(errorMessage(await unknown.json()).message).toBe('Playback not available');
  });

  it('plays a segment as soon as it is stored, and takes its duration from a playlist that came first', async () => {
    const { key } = await streamer();
    // ffmpeg does not wait for one upload's answer before the next: the playlist can win the race.
    const early = encoderPlaylist(0).replace('#EXTINF:1.000000,', '#EXTINF:0.800000,');
    expect((await put(key.key, 'index.m3u8', early)).status).toBe(201);
    expect((await put(key.key, 'index0.ts', segmentBytes[0]!)).status).toBe(201);
    expect((await put(key.key, 'index1.ts', segmentBytes[1]!)).status).toBe(201);
    const lines = await playlistLines(key.playbackId);
    expect(lines.filter((line) => line.startsWith('#EXTINF:'))).toEqual([
      '#EXTINF:0.800000,',
      '#EXTINF:1.000000,',
    ]);
  });

  it('keeps a stream offline when its last segment lands after the ENDLIST playlist', async () => {
    const { key } = await streamer();
    await pushSegments(key.key, 0, 1);
    expect((await put(key.key, 'index.m3u8', encoderPlaylist(2, { ended: true }))).status).toBe(201);
    expect((await put(key.key, 'index2.ts', segmentBytes[2]!)).status).toBe(201);
    expect((await SELF.fetch(`${BASE}/hls/${key.playbackId}/index.m3u8`)).status).toBe(404);
    expect((await streamStatus(env, key.id))?.isLive).toBe(false);
  });

  it('records when the key was last used', async () => {
    const { key } = await streamer();
    const before = Date.now();
    await pushSegments(key.key, 0, 0);
    const row = await env.DB.prepare('SELECT last_used FROM stream_keys WHERE id = ?1')
      .bind(key.id)
      .first<{ last_used: string }>();
    expect(Date.parse(row!.last_used)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('status pushed by the ingest', () => {
  const isLiveFrames = (frames: unknown[]) =>
    frames.map((frame) => StatusServerMessageSchema.parse(frame)).map((status) => status.isLive);

  it('pushes isLive with the session to the status room, and offline on ENDLIST', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id, { start: false });
    const watcher = await openSocket(`/parties/status/${owner.key.id}`);
    await watcher.waitFor(() => true);

    await pushSegments(owner.key.key, 0, 0);
    const live = await watcher.waitFor(
      (frame) => StatusServerMessageSchema.safeParse(frame).data?.isLive === true,
    );
    expect(live).toEqual({ type: 'status', isLive: true, sessionId: session.id });
    const row = await env.DB.prepare('SELECT status, started_at FROM stream_sessions WHERE id = ?1')
      .bind(session.id)
      .first<{ status: string; started_at: string | null }>();
    expect(row?.status).toBe('live');
    expect(row?.started_at).not.toBeNull();

    await pushSegments(owner.key.key, 1, 2);
    expect((await put(owner.key.key, 'index.m3u8', encoderPlaylist(2, { ended: true }))).status).toBe(201);
    await watcher.waitFor(
      (frame) =>
        frame !== watcher.frames[1] && StatusServerMessageSchema.safeParse(frame).data?.isLive === false,
    );
    expect(isLiveFrames(watcher.frames)).toEqual([false, true, false]);
    watcher.socket.close();
  });

  it('goes offline by the room’s alarm when segments stop without an ENDLIST', async () => {
    const owner = await streamer();
    const watcher = await openSocket(`/parties/status/${owner.key.id}`);
    await watcher.waitFor(() => true);
    await pushSegments(owner.key.key, 0, 1);
    await watcher.waitFor((frame) => StatusServerMessageSchema.safeParse(frame).data?.isLive === true);

    const room = await getServerByName(env.Status, owner.key.id);
    const alarm = await runInDurableObject(room, (_instance, state) => state.storage.getAlarm());
    // The deadline is the last segment plus 3 target durations (1 s segments here).
    const last = await env.DB.prepare('SELECT last_segment_at FROM live_ingest WHERE stream_key_id = ?1')
      .bind(owner.key.id)
      .first<{ last_segment_at: number }>();
    expect(alarm).toBe(last!.last_segment_at + 3_000);

    expect(await runDurableObjectAlarm(room)).toBe(true);
    await watcher.waitFor(
      (frame) =>
        frame !== watcher.frames[0] && StatusServerMessageSchema.safeParse(frame).data?.isLive === false,
    );
    expect(isLiveFrames(watcher.frames)).toEqual([false, true, false]);
    watcher.socket.close();
  });

  it('streamStatus answers by public id or secret, never with the secret', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    expect(await streamStatus(env, owner.key.id)).toMatchObject({
      isLive: false,
      sessionId: session.id,
      liveSince: null,
    });

    await pushSegments(owner.key.key, 0, 0);
    const status = await streamStatus(env, owner.key.key);
    expect(status).toMatchObject({
      isLive: true,
      sessionId: session.id,
      streamKeyId: owner.key.id,
      playbackId: owner.key.playbackId,
      isActive: true,
    });
    expect(status?.liveSince).not.toBeNull();
    expect(JSON.stringify(status)).not.toContain(owner.key.key);
    expect(await streamStatus(env, 'no-such-key')).toBeNull();
  });
});

import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { type Replay, ReplaySchema } from '../../schema/replay';
import { registeredUser } from '../factories/engagement';
import { prepareSession, streamer } from '../factories/live';
import {
  BASE,
  getLines,
  mediaPlaylist,
  pushVariants,
  put,
  segmentBytes,
  steppingClock,
  storedKeys,
  uris,
} from './live-helpers';
import { errorMessage, newCaller } from './session';

type Streamer = Awaited<ReturnType<typeof streamer>>;

let clock: ReturnType<typeof steppingClock>;
beforeEach(() => {
  clock = steppingClock();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const listReplays = async (userId: string, caller = newCaller()): Promise<Replay[]> => {
  const result = await caller.json(`/api/sessions/replays/user/${userId}`, 'GET');
  expect(result.status).toBe(200);
  return dataEnvelope(z.array(ReplaySchema)).parse(result.body).data;
};

/** A streamer with a prepared session, as the studio makes it. */
const onAir = async (title = 'Ranked grind'): Promise<Streamer & { sessionId: string }> => {
  const owner = await streamer();
  const session = await prepareSession(owner, owner.key.id, { title });
  return { ...owner, sessionId: session.id };
};

/** Every R2 object a replay playlist (master or media) names, through its variant playlists. */
const replaySegments = async (playbackPath: string): Promise<string[]> => {
  const top = await getLines(playbackPath);
  expect(top.status).toBe(200);
  const dir = playbackPath.slice(0, playbackPath.lastIndexOf('/') + 1);
  if (!top.lines.some((line) => line.startsWith('#EXT-X-STREAM-INF'))) return uris(top.lines);
  const all: string[] = [];
  for (const variant of uris(top.lines)) all.push(...uris((await getLines(`${dir}${variant}`)).lines));
  return all;
};

// Many uploads per test: a loaded machine (two cores shared) needs more than the default 5 s.
describe('replays of ended runs (issue 13.7)', { timeout: 30_000 }, () => {
  it('turns a run ended by ENDLIST into one replay: a VOD of every segment, listed with its duration', async () => {
    const owner = await onAir('Friday finals');
    // 14 segments: more than the live window and the margin behind it, all kept for the replay.
    await pushVariants(owner.key.key, ['index'], 0, 13, { endAt: 13 });

    const [replay, ...more] = await listReplays(owner.user.id);
    expect(more).toEqual([]);
    expect(replay).toMatchObject({
      sessionId: owner.sessionId,
      userId: owner.user.id,
      title: 'Friday finals',
    });
    expect(replay!.durationSeconds).toBeCloseTo(14, 3);
    expect(replay!.playbackUrl).toBe(`/hls/replay/${replay!.id}/index.m3u8`);

    const page = await newCaller().json(`/api/sessions/replays/${replay!.id}`, 'GET');
    expect(dataEnvelope(ReplaySchema).parse(page.body).data).toEqual(replay);

    const vod = await getLines(replay!.playbackUrl);
    expect(vod.status).toBe(200);
    expect(vod.type).toBe('application/vnd.apple.mpegurl');
    expect(vod.lines).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.lines.at(-1)).toBe('#EXT-X-ENDLIST');
    const segments = uris(vod.lines);
    expect(segments).toHaveLength(14);
    for (const segment of [segments[0], segments.at(-1)]) {
      const response = await SELF.fetch(`${BASE}/hls/replay/${replay!.id}/${segment}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('video/mp2t');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    }
    expect(vod.lines.join('\n')).not.toContain(owner.key.key);
    // A second end signal (ffmpeg's other playlists, a repeat) makes no second replay.
    expect((await put(owner.key.key, 'index.m3u8', mediaPlaylist('index', 13, { ended: true }))).status).toBe(
      201,
    );
    expect(await listReplays(owner.user.id)).toHaveLength(1);
  });

  it('keeps every segment in one replay when the ENDLIST playlist is taken in before the segments it lists', async () => {
    const owner = await onAir();
    await pushVariants(owner.key.key, ['index'], 0, 1);
    // ffmpeg does not wait for answers: on a loaded machine its last playlist was taken in 6.6 s
    // before the last segments it lists, past the live grace (3 target durations of 1 s here).
    const last = await put(owner.key.key, 'index.m3u8', mediaPlaylist('index', 5, { ended: true }));
    expect(last.status).toBe(201);
    clock.jump(7_000);
    for (const n of [2, 4, 3, 5]) {
      const late = await put(owner.key.key, `index${n}.ts`, segmentBytes[n % segmentBytes.length]!);
      expect(late.status).toBe(201);
    }

    const replays = await listReplays(owner.user.id);
    expect(replays).toHaveLength(1);
    expect(replays[0]!.durationSeconds).toBeCloseTo(6, 3);
    expect(uris((await getLines(replays[0]!.playbackUrl)).lines)).toHaveLength(6);
    // The late segments did not put the ended stream back on air.
    expect((await SELF.fetch(`${BASE}/hls/${owner.key.playbackId}/index.m3u8`)).status).toBe(404);
  });

  it('makes a master replay of a two-rendition run', async () => {
    const owner = await onAir();
    await pushVariants(owner.key.key, ['720p', '360p'], 0, 3, { masterAfter: 0, endAt: 3 });
    const [replay] = await listReplays(owner.user.id);
    const master = await getLines(replay!.playbackUrl);
    expect(uris(master.lines)).toEqual(['720p.m3u8', '360p.m3u8']);
    const low = await getLines(`/hls/replay/${replay!.id}/360p.m3u8`);
    expect(low.lines).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(uris(low.lines)).toHaveLength(4);
    expect(replay!.durationSeconds).toBeCloseTo(4, 3);
  });

  it('makes exactly one replay of a run whose encoder vanished (past the liveness rule)', async () => {
    const owner = await onAir();
    await pushVariants(owner.key.key, ['index'], 0, 4);
    expect(await listReplays(owner.user.id)).toEqual([]);
    clock.jump(60_000);
    expect(await listReplays(owner.user.id)).toHaveLength(1);
    const [replay] = await listReplays(owner.user.id);
    expect(uris((await getLines(replay!.playbackUrl)).lines)).toHaveLength(5);
  });

  it('continues one replay when a stalled encoder resumes for the same session within a minute', async () => {
    const owner = await onAir();
    await pushVariants(owner.key.key, ['index'], 0, 1);
    // 20 s of silence: offline by the liveness rule (the live lists drop it), then it resumes.
    clock.jump(20_000);
    const later = clock.now();
    expect(await listReplays(owner.user.id)).toHaveLength(1);
    await pushVariants(owner.key.key, ['index'], 2, 3, { endAt: 3 });
    const replays = await listReplays(owner.user.id);
    expect(replays).toHaveLength(1);
    expect(uris((await getLines(replays[0]!.playbackUrl)).lines)).toHaveLength(4);
    expect(replays[0]!.durationSeconds).toBeCloseTo(4, 3);
    expect(Date.parse(replays[0]!.endedAt)).toBeGreaterThanOrEqual(later);
  });

  it('keeps the replay when a new run starts, and makes the new run its own replay', async () => {
    const owner = await onAir();
    await pushVariants(owner.key.key, ['index'], 0, 2, { endAt: 2 });
    const [first] = await listReplays(owner.user.id);
    const firstSegments = await replaySegments(first!.playbackUrl);

    // The encoder restarts: file names and its media sequence start from 0 again.
    await pushVariants(owner.key.key, ['index'], 0, 11);
    for (const segment of firstSegments) {
      expect((await SELF.fetch(`${BASE}/hls/replay/${first!.id}/${segment}`)).status, segment).toBe(200);
    }
    expect(uris((await getLines(first!.playbackUrl)).lines)).toHaveLength(3);
    const live = await getLines(`/hls/${owner.key.playbackId}/index.m3u8`);
    expect(uris(live.lines).filter((segment) => firstSegments.includes(segment))).toEqual([]);

    expect((await put(owner.key.key, 'index.m3u8', mediaPlaylist('index', 11, { ended: true }))).status).toBe(
      201,
    );
    const replays = await listReplays(owner.user.id);
    expect(replays.map((replay) => replay.id)).toEqual([expect.any(String), first!.id]);
    expect(replays[0]!.durationSeconds).toBeCloseTo(12, 3);
  });

  it('lets only the owner delete a replay, and frees its R2 objects', async () => {
    const owner = await onAir();
    await pushVariants(owner.key.key, ['720p', '360p'], 0, 2, { masterAfter: 0, endAt: 2 });
    const [replay] = await listReplays(owner.user.id);
    const prefix = `live/${owner.key.playbackId}/`;
    const segments = await replaySegments(replay!.playbackUrl);
    expect(segments).toHaveLength(6);
    expect(await storedKeys(prefix)).toEqual(
      expect.arrayContaining(segments.map((name) => `${prefix}${name}`)),
    );

    const stranger = await registeredUser();
    const refused = await stranger.caller.json(`/api/sessions/replays/${replay!.id}`, 'DELETE');
    expect(refused.status).toBe(403);
    expect(errorMessage(refused.body).code).toBe('forbidden');
    const anonymous = await newCaller().json(`/api/sessions/replays/${replay!.id}`, 'DELETE');
    expect(anonymous.status).toBe(401);
    expect(await listReplays(owner.user.id)).toHaveLength(1);

    const deleted = await owner.caller.json(`/api/sessions/replays/${replay!.id}`, 'DELETE');
    expect(deleted.status).toBe(200);
    expect(await listReplays(owner.user.id)).toEqual([]);
    expect(await storedKeys(prefix)).toEqual([]);
    expect((await getLines(replay!.playbackUrl)).status).toBe(404);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM live_segments WHERE stream_key_id = ?1')
      .bind(owner.key.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);

    const again = await owner.caller.json(`/api/sessions/replays/${replay!.id}`, 'DELETE');
    expect(again.status).toBe(404);
  });

  it('lists a private stream’s replay only to its owner', async () => {
    const owner = await onAir();
    await pushVariants(owner.key.key, ['index'], 0, 1, { endAt: 1 });
    expect((await owner.caller.json(`/api/stream-keys/${owner.key.id}/deactivate`, 'POST')).status).toBe(200);
    expect(await listReplays(owner.user.id)).toEqual([]);
    const [own] = await listReplays(owner.user.id, owner.caller);
    expect(own?.isPrivate).toBe(true);
    expect((await newCaller().json(`/api/sessions/replays/${own!.id}`, 'GET')).status).toBe(404);
    expect((await getLines(own!.playbackUrl)).status).toBe(403);

    // The owner plays it, and nothing on the way may keep a copy: a stranger asking for the same
    // segment after the owner is still refused, not served from a cache.
    const playlist = await owner.caller.fetch(own!.playbackUrl);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('Cache-Control')).toBe('private, no-store');
    // Decoded as getLines does: workerd warns when `.text()` reads a playlist's content type.
    const [segment] = uris(
      new TextDecoder()
        .decode(await playlist.arrayBuffer())
        .trim()
        .split('\n'),
    );
    const segmentPath = `/hls/replay/${own!.id}/${segment}`;
    const ownCopy = await owner.caller.fetch(segmentPath);
    expect(ownCopy.status).toBe(200);
    expect(ownCopy.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await ownCopy.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await SELF.fetch(`${BASE}${segmentPath}`)).status).toBe(403);
  });

  it('makes no replay of a push with no session, and answers 404 for an unknown replay', async () => {
    const owner = await streamer();
    await pushVariants(owner.key.key, ['index'], 0, 1, { endAt: 1 });
    expect(await listReplays(owner.user.id)).toEqual([]);
    const unknown = await owner.caller.json(`/api/sessions/replays/${crypto.randomUUID()}`, 'DELETE');
    expect(unknown.status).toBe(404);
    expect((await getLines(`/hls/replay/${crypto.randomUUID()}/index.m3u8`)).status).toBe(404);
  });
});

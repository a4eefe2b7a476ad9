import { getServerByName } from 'partyserver';
import { ApiError, badRequest } from '../lib/errors';
import { readCappedBody } from '../lib/read-capped-body';
import { liveClock } from './clock';
import { PLAYLIST_NAME, parseEncoderPlaylist, SEGMENT_NAME } from './hls-playlist';
import { isLiveAt, KEEP_BEHIND_WINDOW, LIVE_WINDOW, liveUntil } from './liveness';
import { newSegmentObjectName, segmentObjectKey } from './objects';
import {
  applyEncoderPlaylist,
  deleteSegmentsBefore,
  getLiveKeyBySecret,
  insertSegment,
  type LiveKey,
  recordSessionMedia,
} from './queries';

/** 2 s at 64 Mbit/s: far above the recommended 6000 kbps, small enough to buffer. */
export const SEGMENT_MAX_BYTES = 16 * 1024 * 1024;
export const PLAYLIST_MAX_BYTES = 64 * 1024;

/** The key an encoder pushes with: unknown is 404, deactivated is 403, and nothing is stored. */
const requirePushableKey = async (db: D1Database, secret: string): Promise<LiveKey> => {
  const key = await getLiveKeyBySecret(db, secret);
  if (!key) throw new ApiError(404, 'not_found', 'Stream key not found');
  if (!key.isActive) throw new ApiError(403, 'forbidden', 'Stream key is deactivated');
  return key;
};

/** Deletes the rows and R2 objects of segments older than `seq`. */
const forgetSegmentsBefore = async (env: Env, key: LiveKey, seq: number): Promise<void> => {
  const names = await deleteSegmentsBefore(env.DB, key.id, seq);
  if (names.length > 0) await env.MEDIA.delete(names.map((name) => segmentObjectKey(key.playbackId, name)));
};

/**
 * Tells the stream's status room (keyed by the key's public id) that media is arriving, with the
 * key's current session. A room failure never fails the encoder's upload: the next segment, or the
 * room's alarm, corrects it.
 */
const pushLive = async (env: Env, key: LiveKey, until: number, sessionId: string | null): Promise<void> => {
  try {
    const room = await getServerByName(env.Status, key.id);
    await room.segmentArrived(until, { isLive: true, sessionId });
  } catch (error) {
    console.error('live status push failed', key.id, error);
  }
};

const pushEnded = async (env: Env, key: LiveKey): Promise<void> => {
  try {
    await (await getServerByName(env.Status, key.id)).ingestEnded();
  } catch (error) {
    console.error('offline status push failed', key.id, error);
  }
};

const storeSegment = async (env: Env, key: LiveKey, name: string, request: Request): Promise<void> => {
  const bytes = await readCappedBody(request, SEGMENT_MAX_BYTES);
  if (bytes.byteLength === 0) throw badRequest('Empty segment');
  const objectName = newSegmentObjectName();
  // Stored before it is recorded: a playlist can only ever name an object that exists.
  await env.MEDIA.put(segmentObjectKey(key.playbackId, objectName), bytes, {
    httpMetadata: { contentType: 'video/mp2t' },
  });
  const now = liveClock.now();
  const recorded = await insertSegment(env.DB, {
    streamKeyId: key.id,
    name,
    objectName,
    bytes: bytes.byteLength,
    now,
  });
  // A new run after being offline: the previous run's segments must not reappear in the window.
  // Otherwise only segments far behind the window go.
  await forgetSegmentsBefore(
    env,
    key,
    recorded.started ? recorded.seq : recorded.seq - LIVE_WINDOW - KEEP_BEHIND_WINDOW + 1,
  );
  if (!isLiveAt(recorded.clock, now)) return;
  // The session is on air only while its media arrives (issue 13.6): the live lists read this.
  const until = liveUntil(recorded.clock);
  const sessionId = await recordSessionMedia(env.DB, key.id, until, new Date(now).toISOString());
  await pushLive(env, key, until, sessionId);
};

const applyPlaylist = async (env: Env, key: LiveKey, request: Request): Promise<void> => {
  const text = new TextDecoder().decode(await readCappedBody(request, PLAYLIST_MAX_BYTES));
  const playlist = parseEncoderPlaylist(text);
  if (!playlist) throw badRequest('Not an HLS media playlist');
  const { endedNow } = await applyEncoderPlaylist(env.DB, key.id, playlist, liveClock.now());
  if (endedNow) await pushEnded(env, key);
};

/**
 * One file PUT by an encoder to `/ingest/<secret>/<file>` (ffmpeg `-f hls -method PUT`): an MPEG-TS
 * segment is stored in R2 under the stream's playback id, recorded, keeps the status room live and
 * prunes what fell far behind the window; the media playlist gives durations and, with
 * `#EXT-X-ENDLIST`, takes the stream offline. Any other file name is refused before the key is
 * even looked up.
 */
export const ingestFile = async (
  env: Env,
  secret: string,
  fileName: string,
  request: Request,
): Promise<void> => {
  const isSegment = SEGMENT_NAME.test(fileName);
  if (!isSegment && !PLAYLIST_NAME.test(fileName))
    throw badRequest('Only an .m3u8 playlist and .ts segments');
  const key = await requirePushableKey(env.DB, secret);
  if (isSegment) await storeSegment(env, key, fileName, request);
  else await applyPlaylist(env, key, request);
};

/**
 * ffmpeg's `delete_segments` flag DELETEs old segments: accepted for a valid key and otherwise
 * ignored, since our own window decides what is kept.
 */
export const acknowledgeDelete = async (env: Env, secret: string): Promise<void> => {
  await requirePushableKey(env.DB, secret);
};

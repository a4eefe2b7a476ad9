import { getServerByName } from 'partyserver';
import { ApiError, badRequest, forbidden } from '../lib/errors';
import { newId } from '../lib/ids';
import { readCappedBody } from '../lib/read-capped-body';
import { liveClock } from './clock';
import {
  MAX_RENDITIONS,
  PLAYLIST_NAME,
  parseEncoderPlaylist,
  parseMasterPlaylist,
  playlistVariant,
  SEGMENT_NAME,
  segmentVariant,
} from './hls-playlist';
import { isLiveAt, KEEP_BEHIND_WINDOW, LIVE_WINDOW, liveUntil } from './liveness';
import { newSegmentObjectName, segmentObjectKey } from './objects';
import { POSTER_NAME, storePoster } from './poster';
import {
  applyEncoderPlaylist,
  countOtherRunVariants,
  deleteEarlierRuns,
  deleteVariantBefore,
  getLiveKeyBySecret,
  insertSegment,
  type LiveKey,
  recordSessionMedia,
  setMaster,
} from './queries';
import { settleKeyRun } from './replay-queries';

/** 2 s at 64 Mbit/s: far above the recommended 6000 kbps, small enough to buffer. */
export const SEGMENT_MAX_BYTES = 16 * 1024 * 1024;
export const PLAYLIST_MAX_BYTES = 64 * 1024;

/** The key an encoder pushes with: unknown is 404, deactivated is 403, and nothing is stored. */
const requirePushableKey = async (db: D1Database, secret: string): Promise<LiveKey> => {
  const key = await getLiveKeyBySecret(db, secret);
  if (!key) throw new ApiError(404, 'not_found', 'Stream key not found');
  if (!key.isActive) throw forbidden('Stream key is deactivated');
  return key;
};

/** Deletes the R2 objects of segment rows just forgotten (at most 1000 keys per R2 call). */
const deleteObjects = async (env: Env, key: LiveKey, names: string[]): Promise<void> => {
  for (let i = 0; i < names.length; i += 1000) {
    await env.MEDIA.delete(names.slice(i, i + 1000).map((name) => segmentObjectKey(key.playbackId, name)));
  }
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
  const variant = segmentVariant(name);
  if ((await countOtherRunVariants(env.DB, key.id, variant)) >= MAX_RENDITIONS)
    throw badRequest(`At most ${MAX_RENDITIONS} renditions`);
  const bytes = await readCappedBody(request, SEGMENT_MAX_BYTES);
  if (bytes.byteLength === 0) throw badRequest('Empty segment');
  const objectName = newSegmentObjectName();
  // Stored before it is recorded: a playlist can only ever name an object that exists.
  await env.MEDIA.put(segmentObjectKey(key.playbackId, objectName), bytes, {
    httpMetadata: { contentType: 'video/mp2t' },
  });
  const now = liveClock.now();
  // A run that is over becomes a replay before this segment can start the next one.
  await settleKeyRun(env.DB, key.id, now);
  const recorded = await insertSegment(env.DB, {
    streamKeyId: key.id,
    name,
    variant,
    objectName,
    bytes: bytes.byteLength,
    now,
    newRunId: newId(),
  });
  // A new run: earlier runs' segments go, except a replay's. Otherwise only this variant's segments
  // far behind the window go, unless the run's replay keeps them.
  await deleteObjects(
    env,
    key,
    recorded.started
      ? await deleteEarlierRuns(env.DB, key.id, recorded.runId)
      : await deleteVariantBefore(
          env.DB,
          key.id,
          variant,
          recorded.variantSeq - LIVE_WINDOW - KEEP_BEHIND_WINDOW + 1,
        ),
  );
  if (!isLiveAt(recorded.clock, now)) return;
  // The session is on air only while its media arrives (issue 13.6): the live lists read this.
  const until = liveUntil(recorded.clock);
  const sessionId = await recordSessionMedia(env.DB, key.id, until, new Date(now).toISOString());
  await pushLive(env, key, until, sessionId);
};

/**
 * A master playlist (renditions: ffmpeg's `-master_pl_name`) is kept for the run; a media playlist
 * is its variant's (`720p.m3u8`, or `index.m3u8` for one rendition) and, with `#EXT-X-ENDLIST`,
 * ends the run: offline at once, and its replay is made.
 */
const applyPlaylist = async (env: Env, key: LiveKey, fileName: string, request: Request): Promise<void> => {
  const text = new TextDecoder().decode(await readCappedBody(request, PLAYLIST_MAX_BYTES));
  const now = liveClock.now();
  const master = parseMasterPlaylist(text);
  if (master) {
    if ('error' in master) throw badRequest(master.error);
    await setMaster(env.DB, key.id, master.renditions, now);
    return;
  }
  const playlist = parseEncoderPlaylist(text);
  if (!playlist) throw badRequest('Not an HLS media playlist');
  const { endedNow } = await applyEncoderPlaylist(env.DB, key.id, playlistVariant(fileName), playlist, now);
  if (!endedNow) return;
  await pushEnded(env, key);
  await settleKeyRun(env.DB, key.id, now);
};

/**
 * One file PUT by an encoder to `/ingest/<secret>/<file>` (ffmpeg `-f hls -method PUT`): an MPEG-TS
 * segment is stored in R2 under the stream's playback id, recorded in its variant, keeps the status
 * room live and prunes what fell far behind the window (unless the replay keeps it); a media
 * playlist gives durations and, with `#EXT-X-ENDLIST`, takes the stream offline; a master playlist
 * gives the renditions (at most 4); `poster.jpg` is the stream's still frame (poster.ts). Any other file name is refused before the key is
 * even looked up.
 */
export const ingestFile = async (
  env: Env,
  secret: string,
  fileName: string,
  request: Request,
): Promise<void> => {
  const isSegment = SEGMENT_NAME.test(fileName);
  const isPoster = fileName === POSTER_NAME;
  if (!isSegment && !isPoster && !PLAYLIST_NAME.test(fileName))
    throw badRequest('Only an .m3u8 playlist, .ts segments and poster.jpg');
  const key = await requirePushableKey(env.DB, secret);
  if (isPoster) await storePoster(env, key.playbackId, request);
  else if (isSegment) await storeSegment(env, key, fileName, request);
  else await applyPlaylist(env, key, fileName, request);
};

/**
 * ffmpeg's `delete_segments` flag DELETEs old segments: accepted for a valid key and otherwise
 * ignored, since our own window decides what is kept.
 */
export const acknowledgeDelete = async (env: Env, secret: string): Promise<void> => {
  await requirePushableKey(env.DB, secret);
};

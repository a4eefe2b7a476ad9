import { MESSAGES } from '../../schema/messages';
import { REPLAY_TEXT, type Replay } from '../../schema/replay';
import { forbidden, notFound } from '../lib/errors';
import { OWNER_ONLY_CACHE_CONTROL } from '../media/cache-policy';
import { serveR2Object } from '../media/serve-object';
import { liveClock } from './clock';
import { PLAYLIST_NAME, playlistVariant, renderLivePlaylist, renderMasterPlaylist } from './hls-playlist';
import { segmentObjectKey } from './objects';
import { playlistResponse, SEGMENT_OBJECT_NAME } from './playback';
import { listReplaySegments } from './queries';
import {
  deleteReplayRows,
  getReplay,
  getReplayView,
  isReplaySegment,
  listReplayObjectNames,
  listUserReplays,
  markReplayDeleted,
  type StoredReplay,
  settleUserRuns,
} from './replay-queries';

/**
 * Replays (issue 13.7): when a run of a live session ends (ENDLIST, or its encoder went quiet past
 * the liveness rule), its kept segments become a VOD at `/hls/replay/<id>/index.m3u8`. A run is
 * settled where its end is noticed: the ENDLIST playlist, the next segment of the key (a new run)
 * and any listing of the owner's replays; settling is idempotent (replay-queries.ts).
 */

/** The user's past broadcasts, newest first; a private (deactivated) stream's only for its owner. */
export const userReplays = async (
  db: D1Database,
  userId: string,
  viewerId: string | null,
): Promise<Replay[]> => {
  await settleUserRuns(db, userId, liveClock.now());
  return listUserReplays(db, userId, viewerId);
};

/** One replay for its page: 404 when unknown, deleted, or private to someone else. */
export const viewReplay = async (db: D1Database, id: string, viewerId: string | null): Promise<Replay> => {
  const replay = await getReplayView(db, id, viewerId);
  if (!replay) throw notFound(REPLAY_TEXT.notFound);
  return replay;
};

/** A replay a viewer may play: unknown or deleted is 404, a deactivated key's is its owner's only. */
const requirePlayableReplay = async (db: D1Database, id: string, viewerId: string | null) => {
  const replay = await getReplay(db, id);
  if (!replay || replay.deleted) throw notFound(REPLAY_TEXT.notFound);
  if (!replay.isActive && replay.ownerId !== viewerId) throw forbidden(MESSAGES.player.private);
  return replay;
};

const vodResponse = async (db: D1Database, replay: StoredReplay, variant: string | null) => {
  const segments = await listReplaySegments(db, replay, variant);
  if (segments.length === 0) throw notFound(REPLAY_TEXT.notFound);
  const uris = segments.map((segment) => ({ ...segment, uri: segment.objectName }));
  return playlistResponse(renderLivePlaylist(replay.targetDuration, uris, { vod: true }));
};

/**
 * `GET /hls/replay/<id>/<file>`: `index.m3u8` is the master (renditions) or the one VOD playlist;
 * `<variant>.m3u8` a rendition's VOD; `<object>.ts` one of the replay's own segments, cached for good.
 */
export const replayFileResponse = async (
  env: Env,
  id: string,
  file: string,
  viewerId: string | null,
  request: Request,
): Promise<Response> => {
  const replay = await requirePlayableReplay(env.DB, id, viewerId);
  // A private stream's replay goes to its owner only: nothing on the way may keep it (the edge
  // cache, a proxy, the browser), or the next person behind it would be served the owner's copy.
  const ownerOnly = !replay.isActive;
  const response = await replayFile(env, replay, file, request, ownerOnly);
  if (ownerOnly) response.headers.set('Cache-Control', OWNER_ONLY_CACHE_CONTROL);
  else if (SEGMENT_OBJECT_NAME.test(file))
    response.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  return response;
};

const replayFile = async (
  env: Env,
  replay: StoredReplay,
  file: string,
  request: Request,
  ownerOnly: boolean,
): Promise<Response> => {
  if (file === 'index.m3u8')
    return replay.renditions
      ? playlistResponse(renderMasterPlaylist(replay.renditions))
      : vodResponse(env.DB, replay, null);
  if (PLAYLIST_NAME.test(file)) {
    const variant = playlistVariant(file);
    if (!replay.renditions?.some((rendition) => rendition.name === variant))
      throw notFound(REPLAY_TEXT.notFound);
    return vodResponse(env.DB, replay, variant);
  }
  if (!SEGMENT_OBJECT_NAME.test(file) || !(await isReplaySegment(env.DB, replay.id, file)))
    throw notFound('Segment not found');
  return serveR2Object(env.MEDIA, segmentObjectKey(replay.playbackId, file), request, { ownerOnly });
};

/**
 * Deletes a replay for its owner (403 for anyone else, 404 when unknown): unlisted first, then its
 * R2 objects, then its rows. A failure part way leaves it unlisted, never half playable, and the
 * owner's retry finishes it.
 */
export const deleteOwnedReplay = async (env: Env, callerId: string, id: string): Promise<void> => {
  const replay = await getReplay(env.DB, id);
  if (!replay) throw notFound(REPLAY_TEXT.notFound);
  if (replay.ownerId !== callerId) throw forbidden(REPLAY_TEXT.notOwner);
  await markReplayDeleted(env.DB, id, liveClock.now());
  const names = await listReplayObjectNames(env.DB, id);
  // R2 deletes at most 1000 keys per call.
  for (let i = 0; i < names.length; i += 1000) {
    await env.MEDIA.delete(names.slice(i, i + 1000).map((name) => segmentObjectKey(replay.playbackId, name)));
  }
  await deleteReplayRows(env.DB, id);
};

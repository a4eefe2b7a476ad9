import { MESSAGES } from '../../schema/messages';
import { ApiError, forbidden, notFound } from '../lib/errors';
import { serveR2Object } from '../media/serve-object';
import { liveClock } from './clock';
import { renderLivePlaylist, renderMasterPlaylist } from './hls-playlist';
import { isLiveAt, LIVE_WINDOW } from './liveness';
import { segmentObjectKey } from './objects';
import { posterResponse } from './poster';
import { getLiveKeyByPlaybackId, listWindow } from './queries';

/** Our segment object names (objects.ts): 12 random bytes as hex. */
export const SEGMENT_OBJECT_NAME = /^[0-9a-f]{24}\.ts$/;

/**
 * The stream behind a playback id, for viewers. Unknown is 404 'Playback not available'; a
 * deactivated key is 403 'Stream is private' (the player's no-permission message), for the
 * playlist and its segments alike.
 */
const requirePlayableKey = async (db: D1Database, playbackId: string) => {
  const key = await getLiveKeyByPlaybackId(db, playbackId);
  if (!key) throw notFound(MESSAGES.player.playbackUnavailable);
  if (!key.isActive) throw forbidden(MESSAGES.player.private);
  return key;
};

/** A playlist answer: never cached, HLS's media type. */
export const playlistResponse = (playlist: string): Response =>
  new Response(playlist, {
    headers: {
      'Content-Type': 'application/vnd.apple.mpegurl',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  });

/**
 * `GET /hls/<playbackId>/index.m3u8` (`variant` null) and `/hls/<playbackId>/<variant>.m3u8`. With
 * renditions, index.m3u8 is our master (the encoder's BANDWIDTH/RESOLUTION/CODECS, URIs to our
 * variant playlists next to it); otherwise, and for a variant, the last `LIVE_WINDOW` segments as a
 * live playlist (no ENDLIST), never cached. Offline (no segment within 3 target durations, or the
 * encoder ended) is a 404 'Stream is offline': hls.js reports it as a fatal manifest or level load
 * error with that status, the player shows the offline message and loads again until the stream is
 * back.
 */
export const livePlaylistResponse = async (
  env: Env,
  playbackId: string,
  variant: string | null = null,
): Promise<Response> => {
  const key = await requirePlayableKey(env.DB, playbackId);
  const offline = () => new ApiError(404, 'not_found', MESSAGES.player.offline);
  if (!isLiveAt(key.clock, liveClock.now())) throw offline();
  if (variant === null && key.renditions) return playlistResponse(renderMasterPlaylist(key.renditions));
  const window = await listWindow(env.DB, key.id, LIVE_WINDOW, key.clock.targetDuration, variant);
  if (window.length === 0) throw offline();
  return playlistResponse(
    renderLivePlaylist(
      key.clock.targetDuration,
      window.map((segment) => ({ ...segment, uri: segment.objectName })),
    ),
  );
};

/**
 * `GET /hls/<playbackId>/<segment>.ts`: one stored segment with Range and ETag (serve-object.ts).
 * Its name is never reused, so browsers and caches may keep it for good.
 */
export const liveSegmentResponse = async (
  env: Env,
  playbackId: string,
  objectName: string,
  request: Request,
): Promise<Response> => {
  if (!SEGMENT_OBJECT_NAME.test(objectName)) throw notFound('Segment not found');
  await requirePlayableKey(env.DB, playbackId);
  const response = await serveR2Object(env.MEDIA, segmentObjectKey(playbackId, objectName), request);
  response.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  return response;
};

/**
 * `GET /hls/<playbackId>/poster.jpg`: the stream's newest still frame (poster.ts), refused for a
 * private stream like its playlist. Served whether or not the stream is live right now: a card
 * listed as live a moment after the encoder stopped still shows its last frame.
 */
export const livePosterResponse = async (
  env: Env,
  playbackId: string,
  request: Request,
): Promise<Response> => {
  await requirePlayableKey(env.DB, playbackId);
  return posterResponse(env, playbackId, request);
};

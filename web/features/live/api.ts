import type * as z from 'zod/mini';
import { firstScreenPaths } from '../../../schema/first-screen';
import {
  type PlaybackInfo,
  PlaybackInfoSchema,
  type SessionStatusReport,
  SessionStatusReportSchema,
} from '../../../schema/live';
import {
  type LiveSession,
  LiveSessionSchema,
  type PublicStreamKey,
  PublicStreamKeySchema,
} from '../../../schema/live-session';
import { apiGet, isApiError } from '../../lib/api';

/* The live page's reads of live §7; "readers return null on failure" where the spec's 404 means none. */

/** `GET path` through `apiGet`, but a 404 answers null (no key, no current session). */
export async function apiGetOrNull<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S> | null> {
  try {
    return await apiGet(path, schema, { signal });
  } catch (error) {
    if (isApiError(error, 'not_found')) return null;
    throw error;
  }
}

/** `GET /api/stream-keys/username/{username}`: the streamer's public key, or null without one. */
export const getStreamKeyByUsername = (
  username: string,
  signal?: AbortSignal,
): Promise<PublicStreamKey | null> =>
  apiGetOrNull(firstScreenPaths.streamKeyByUsername(username), PublicStreamKeySchema, signal);

/** `GET /api/sessions/live/{streamKeyId}`: the stream's current (prepared or live) session, or null. */
export const getCurrentSession = (streamKeyId: string, signal?: AbortSignal): Promise<LiveSession | null> =>
  apiGetOrNull(firstScreenPaths.currentSession(streamKeyId), LiveSessionSchema, signal);

/** `GET /api/sessions/status?key=`: isLive (media arriving), isActive (the key's switch), session. */
export const getStreamStatus = (key: string, signal?: AbortSignal): Promise<SessionStatusReport> =>
  apiGet(`/api/sessions/status?key=${encodeURIComponent(key)}`, SessionStatusReportSchema, { signal });

/** `GET /api/stream-keys/livepeer/info/{id}` (provider id, playback id or key id): the playback URL. */
export const getPlaybackInfo = (id: string, signal?: AbortSignal): Promise<PlaybackInfo> =>
  apiGet(`/api/stream-keys/livepeer/info/${encodeURIComponent(id)}`, PlaybackInfoSchema, { signal });

type PlaybackSource = Pick<PublicStreamKey, 'playbackUrl' | 'livepeerStreamId' | 'playbackId'>;

/**
 * Where to play a stream (live §4): the key's playbackUrl, else the info for its livepeerStreamId,
 * else the info for its playbackId. Null when none of them has a URL; throws when every lookup failed.
 */
export async function resolvePlaybackUrl(key: PlaybackSource, signal?: AbortSignal): Promise<string | null> {
  if (key.playbackUrl) return key.playbackUrl;
  let failure: unknown = null;
  for (const id of [key.livepeerStreamId, key.playbackId]) {
    if (!id) continue;
    try {
      const info = await getPlaybackInfo(id, signal);
      if (info.playbackUrl) return info.playbackUrl;
    } catch (error) {
      failure = error;
    }
  }
  if (failure) throw failure;
  return null;
}

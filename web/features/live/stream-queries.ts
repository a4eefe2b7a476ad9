import { queryOptions, skipToken } from '@tanstack/react-query';
import type { PublicStreamKey } from '../../../schema/live-session';
import { getCurrentSession, getStreamKeyByUsername, getWhepUrl, resolvePlaybackUrl } from './api';
import { liveKeys } from './queries';

/* The live page's and studio's reads of one stream (kept out of queries.ts, which home loads). */

/** The streamer's public stream key, or null when they have none. */
export const streamKeyByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: liveKeys.keyByUsername(username),
    queryFn: ({ signal }) => getStreamKeyByUsername(username, signal),
    staleTime: 0,
  });

/** The stream's current session (prepared or live) with its key and streamer, or null. */
export const currentSessionQueryOptions = (streamKeyId: string | undefined) =>
  queryOptions({
    queryKey: liveKeys.current(streamKeyId ?? ''),
    queryFn: streamKeyId ? ({ signal }) => getCurrentSession(streamKeyId, signal) : skipToken,
    staleTime: 0,
  });

/** Where to play a stream, resolved in the spec's order; null when there is no URL at all. */
export const playbackUrlQueryOptions = (key: PublicStreamKey | null | undefined) =>
  queryOptions({
    queryKey: liveKeys.playback(key?.id ?? ''),
    queryFn: key ? ({ signal }) => resolvePlaybackUrl(key, signal) : skipToken,
    staleTime: 60_000,
    retry: 1,
  });

/**
 * The stream's WHEP URL while it is on air (read when the status room says live, once per
 * session); null when it plays over HLS only.
 */
export const whepUrlQueryOptions = (streamKeyId: string, sessionId: string | null, onAir: boolean) =>
  queryOptions({
    queryKey: ['sessions', 'realtime', streamKeyId, sessionId] as const,
    queryFn: onAir ? ({ signal }) => getWhepUrl(streamKeyId, signal) : skipToken,
    staleTime: 0,
    retry: false,
  });

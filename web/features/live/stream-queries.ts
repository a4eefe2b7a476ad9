import { queryOptions, skipToken } from '@tanstack/react-query';
import type { PublicStreamKey } from '../../../schema/live-session';
import { staleUnlessJustRead } from '../../lib/page-freshness';
import { getCurrentSession, getStreamKeyByUsername, getStreamStatus, resolvePlaybackUrl } from './api';
import { liveKeys } from './queries';

/* The live page's and studio's reads of one stream (kept out of queries.ts, which home loads). */

/** The streamer's public stream key, or null when they have none. */
export const streamKeyByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: liveKeys.keyByUsername(username),
    queryFn: ({ signal }) => getStreamKeyByUsername(username, signal),
    staleTime: staleUnlessJustRead,
  });

/**
 * The stream's current session (prepared or live) with its key and streamer, or null. Fresh for a
 * few seconds, so the live page and its stream panel, mounting one after the other, share one read;
 * a change after that comes from the status room, which invalidates it (live-stream.tsx).
 */
export const currentSessionQueryOptions = (streamKeyId: string | undefined) =>
  queryOptions({
    queryKey: liveKeys.current(streamKeyId ?? ''),
    queryFn: streamKeyId ? ({ signal }) => getCurrentSession(streamKeyId, signal) : skipToken,
    staleTime: 5_000,
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
 * The stream's status as the server reads it, for its WHEP URL (null when it plays over HLS only).
 * One read as the page opens; the live page reads it again when the status room reports what this
 * read did not (live-stream.tsx), and the answer stands while the next is out (a player on WHEP is
 * not torn down by a re-read that says the same).
 */
export const playerStatusQueryOptions = (streamKeyId: string, roomSaysLive: boolean | null) =>
  queryOptions({
    queryKey: liveKeys.status(streamKeyId),
    queryFn: ({ signal }) => getStreamStatus(streamKeyId, signal),
    staleTime: 0,
    retry: false,
    // The room says offline while the server still names a publisher: the HLS copy is not up yet,
    // or the publisher is leaving (its End stops the session before the relay has let go). Each
    // second until they agree, so a WHEP viewer follows an End within about a second.
    refetchInterval: (query) => (roomSaysLive !== true && query.state.data?.whepUrl ? 1_000 : false),
  });

import { queryOptions, skipToken } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { PublicStreamKeySchema } from '../../../schema/live-session';
import { apiGet } from '../../lib/api';
import { getStreamStatus } from '../live/api';
import { liveKeys } from '../live/queries';
import { getOwnStreamKey, getSessionDashboard, getStreamingInfo } from './api';

export const studioKeys = {
  ownKey: (userId: string) => ['stream-keys', 'own', userId] as const,
  probe: ['stream-keys', 'probe'] as const,
  // The live page's key: one cache entry for a stream's status, whoever reads it.
  status: liveKeys.status,
  streamingInfo: (streamKeyId: string) => ['stream-keys', 'streaming-info', streamKeyId] as const,
  dashboard: (sessionId: string) => ['sessions', 'dashboard', sessionId] as const,
};

/** How often the studio re-reads its numbers while a session is on (the room writes viewers every ~2 s). */
export const DASHBOARD_POLL_MS = 5_000;

/**
 * The owner's numbers for the current session, polled while the studio is open. Private: its key
 * is not in web/data/persist-policy.ts, so it never reaches the device's storage.
 */
export const sessionDashboardQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: studioKeys.dashboard(sessionId),
    queryFn: ({ signal }) => getSessionDashboard(sessionId, signal),
    refetchInterval: DASHBOARD_POLL_MS,
    staleTime: 0,
  });

/** The signed-in creator's key, secret included; null without one. Never served from a stale copy. */
export const ownStreamKeyQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: studioKeys.ownKey(userId ?? ''),
    queryFn: userId ? ({ signal }) => getOwnStreamKey(userId, signal) : skipToken,
    staleTime: 0,
    retry: 1,
  });

/** A signed-out visitor's backend check: whether the public stream-key list answers. */
export const backendProbeQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: studioKeys.probe,
    queryFn: enabled
      ? ({ signal }) => apiGet('/api/stream-keys?limit=1', z.array(PublicStreamKeySchema), { signal })
      : skipToken,
    staleTime: 0,
    retry: 1,
  });

/** `GET /api/sessions/status?key=<public id>`: isActive (READY), isLive and the current session. */
export const streamStatusQueryOptions = (streamKeyId: string | undefined) =>
  queryOptions({
    queryKey: studioKeys.status(streamKeyId ?? ''),
    queryFn: streamKeyId ? ({ signal }) => getStreamStatus(streamKeyId, signal) : skipToken,
    staleTime: 0,
  });

export const streamingInfoQueryOptions = (streamKeyId: string, enabled: boolean) =>
  queryOptions({
    queryKey: studioKeys.streamingInfo(streamKeyId),
    queryFn: enabled ? ({ signal }) => getStreamingInfo(streamKeyId, signal) : skipToken,
    staleTime: 0,
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LiveSessionSchema } from '../../../schema/live';
import { apiGet } from '../../lib/api';

export const liveKeys = {
  active: ['sessions', 'active'] as const,
  current: (streamKeyId: string) => ['sessions', 'current', streamKeyId] as const,
  keyByUsername: (username: string) => ['stream-keys', 'username', username.toLowerCase()] as const,
  playback: (streamKeyId: string) => ['stream-keys', 'playback', streamKeyId] as const,
};

/** Live sessions now on air (`GET /api/sessions/active`). */
export const activeSessionsQueryOptions = () =>
  queryOptions({
    queryKey: liveKeys.active,
    queryFn: ({ signal }) => apiGet('/api/sessions/active', z.array(LiveSessionSchema), { signal }),
    staleTime: 15_000,
  });

export function useActiveSessions() {
  return useQuery(activeSessionsQueryOptions());
}

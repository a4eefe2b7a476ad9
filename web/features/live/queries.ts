import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstScreenPaths } from '../../../schema/first-screen';
import { apiGet } from '../../lib/api';

export const liveKeys = {
  active: ['sessions', 'active'] as const,
  current: (streamKeyId: string) => ['sessions', 'current', streamKeyId] as const,
  keyByUsername: (username: string) => ['stream-keys', 'username', username.toLowerCase()] as const,
  playback: (streamKeyId: string) => ['stream-keys', 'playback', streamKeyId] as const,
  status: (streamKeyId: string) => ['sessions', 'status', streamKeyId] as const,
};

/**
 * Live sessions now on air, and prepared ones starting soon (`GET /api/sessions/active`). A saved
 * list paints at once but is re-read when older than 5 s (a stream may have stopped since; the
 * page's own inlined first screen is fresh): every 5 s while it lists any, so a card leaves home
 * soon after its encoder dies (issue 13.6), else every 30 s.
 */
export const activeSessionsQueryOptions = () =>
  queryOptions({
    queryKey: liveKeys.active,
    queryFn: ({ signal }) =>
      apiGet(
        firstScreenPaths.activeSessions(),
        // Imported with the read, not in home's entry chunk (lib/api.ts SchemaSource).
        () => import('../../../schema/live-session').then((schemas) => schemas.LiveSessionListSchema),
        { signal },
      ),
    staleTime: 5_000,
    refetchInterval: (query) => (query.state.data?.length ? 5_000 : 30_000),
  });

export function useActiveSessions() {
  return useQuery(activeSessionsQueryOptions());
}

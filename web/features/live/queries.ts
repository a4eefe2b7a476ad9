import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LiveSessionSchema } from '../../../schema/live';
import { apiGet } from '../../lib/api';

/** Live sessions now on air (`GET /api/sessions/active`). */
export const activeSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions', 'active'],
    queryFn: ({ signal }) => apiGet('/api/sessions/active', z.array(LiveSessionSchema), { signal }),
    staleTime: 15_000,
  });

export function useActiveSessions() {
  return useQuery(activeSessionsQueryOptions());
}

import { queryOptions } from '@tanstack/react-query';
import { LIMITS } from '../../../schema/constants';
import { ViewStatsSchema } from '../../../schema/content';
import type { ViewContentType } from '../../../schema/views';
import { apiGet } from '../../lib/api';

/** `GET /api/views/{type}/{id}/stats`, refreshed every 30 s while shown. */
export const viewStatsQueryOptions = (type: ViewContentType, id: string) =>
  queryOptions({
    queryKey: ['views', 'stats', type, id],
    queryFn: ({ signal }) => apiGet(`/api/views/${type}/${id}/stats`, ViewStatsSchema, { signal }),
    refetchInterval: LIMITS.viewStatsRefreshMs,
    staleTime: 0,
  });

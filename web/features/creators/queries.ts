import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { TopUserSchema } from '../../../schema/user';
import { apiGet, withQuery } from '../../lib/api';

/** Creators ranked by followers (`GET /api/users/top?limit`). */
export const topCreatorsQueryOptions = (limit: number = LIMITS.topUsersDefault) =>
  queryOptions({
    queryKey: ['users', 'top', { limit }],
    queryFn: ({ signal }) =>
      apiGet(withQuery('/api/users/top', { limit }), z.array(TopUserSchema), { signal }),
  });

export function useTopCreators() {
  return useQuery(topCreatorsQueryOptions());
}

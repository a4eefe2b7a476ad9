import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { firstScreenPaths } from '../../../schema/first-screen';
import { TopUserSchema } from '../../../schema/user';
import { apiGet } from '../../lib/api';

/** Creators ranked by followers (`GET /api/users/top?limit`). */
export const topCreatorsQueryOptions = (limit: number = LIMITS.topUsersDefault) =>
  queryOptions({
    queryKey: ['users', 'top', { limit }],
    queryFn: ({ signal }) => apiGet(firstScreenPaths.topCreators(limit), z.array(TopUserSchema), { signal }),
  });

export function useTopCreators() {
  return useQuery(topCreatorsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../schema/constants';
import { firstScreenPaths } from '../../../schema/first-screen';
import { apiGet } from '../../lib/api';

/** Creators ranked by followers (`GET /api/users/top?limit`). */
export const topCreatorsQueryOptions = (limit: number = LIMITS.topUsersDefault) =>
  queryOptions({
    queryKey: ['users', 'top', { limit }],
    queryFn: ({ signal }) =>
      apiGet(
        firstScreenPaths.topCreators(limit),
        // Imported with the read, not in home's entry chunk (lib/api.ts SchemaSource).
        () => import('../../../schema/user').then((schemas) => schemas.TopUserListSchema),
        { signal },
      ),
  });

export function useTopCreators() {
  return useQuery(topCreatorsQueryOptions());
}

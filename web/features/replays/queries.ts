import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ReplaySchema } from '../../../schema/replay';
import { apiDelete, apiGet } from '../../lib/api';

const DeletedSchema = z.object({ id: z.string(), deleted: z.boolean() });

/** `GET /api/sessions/replays/user/{userId}`: a creator's past broadcasts, newest first. */
export const userReplaysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['replays', 'user', userId],
    queryFn: ({ signal }) =>
      apiGet(`/api/sessions/replays/user/${encodeURIComponent(userId)}`, z.array(ReplaySchema), { signal }),
  });

export function useUserReplays(userId: string) {
  return useQuery(userReplaysQueryOptions(userId));
}

/** `GET /api/sessions/replays/{id}`: one past broadcast for its page. */
export const replayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['replays', 'one', id],
    queryFn: ({ signal }) =>
      apiGet(`/api/sessions/replays/${encodeURIComponent(id)}`, ReplaySchema, { signal }),
  });

export function useReplay(id: string) {
  return useQuery(replayQueryOptions(id));
}

/** `DELETE /api/sessions/replays/{id}` (the owner's): the lists are read again once it is gone. */
export function useDeleteReplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/sessions/replays/${encodeURIComponent(id)}`, DeletedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ['replays'] }),
  });
}

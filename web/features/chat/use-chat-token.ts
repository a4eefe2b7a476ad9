import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChatTokenSchema } from '../../../schema/chat';
import { apiGet } from '../../lib/api';

/** Tokens live ten minutes; ask for a fresh one well before that so a reconnect never uses a stale one. */
const REFRESH_MS = 8 * 60_000;

export const chatTokenQueryOptions = (room: string) =>
  queryOptions({
    queryKey: ['chat', 'token', room],
    queryFn: ({ signal }) =>
      apiGet(`/api/chat/token?room=${encodeURIComponent(room)}`, ChatTokenSchema, { signal }),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
    gcTime: 0,
    retry: false,
  });

/**
 * The chat token of a registered user for `room`, or null (visitor, not registered, or not yet
 * known); `pending` while the first answer is on its way, so the socket can wait for it.
 */
export function useChatToken(room: string, enabled: boolean): { token: string | null; pending: boolean } {
  const { data, isPending } = useQuery({ ...chatTokenQueryOptions(room), enabled });
  return enabled ? { token: data?.token ?? null, pending: isPending } : { token: null, pending: false };
}

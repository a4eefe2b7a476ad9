import { queryOptions, useQuery } from '@tanstack/react-query';
import { nullable } from 'zod/mini';
import { type SessionInfo, SessionInfoSchema } from '../../schema/auth';
import { apiGet } from './api';

/** Who is signed in, from `GET /api/auth/me` (the HttpOnly cookie is invisible to scripts). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => apiGet('/api/auth/me', nullable(SessionInfoSchema), { signal }),
    // Always asked again on mount: the persisted answer may predate the last sign-in or logout.
    // Offline, the persisted answer still stands (the session keeps working without a network).
    staleTime: 0,
  });

export type Session = {
  /** True until the first answer (or the persisted one) is known. */
  loading: boolean;
  signedIn: boolean;
  info: SessionInfo | null;
};

/**
 * The current session. Everything that changes it (sign-in, registration, profile edit, logout)
 * invalidates `['auth', 'me']` so every component sees the change.
 */
export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { loading: isPending, signedIn: !!data, info: data ?? null };
}

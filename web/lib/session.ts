import { queryOptions, useQuery } from '@tanstack/react-query';
import { nullable } from 'zod/mini';
import { type SessionInfo, SessionInfoSchema } from '../../schema/auth';
import { apiGet } from './api';

/** Who is signed in, from `GET /api/auth/me` (the HttpOnly cookie is invisible to scripts). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => apiGet('/api/auth/me', nullable(SessionInfoSchema), { signal }),
    staleTime: 60_000,
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

import { type QueryClient, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../schema/auth';
import { GENERIC_MESSAGES } from '../../schema/messages/generic';
import { showToast } from '../ui/toast-store';
import { apiGet } from './api';
import { pageLoadedAt } from './page-freshness';

/** Set while this page logs out, so its own sign-out is not announced as a lost session. */
let signingOut = false;
export const setSigningOut = (value: boolean) => {
  signingOut = value;
};

/**
 * The server no longer knows the session this device showed (logged out in another tab, expired,
 * revoked): say so, and forget what the device kept for that user, as a logout would.
 */
const sessionEnded = async (client: QueryClient, queryKey: QueryKey) => {
  showToast(GENERIC_MESSAGES.sessionEnded, 'info');
  const { clearPrivateDeviceData } = await import('../data/clear-private-device-data');
  await clearPrivateDeviceData(client, queryKey);
};

/** Who is signed in, from `GET /api/auth/me` (the HttpOnly cookie is invisible to scripts). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: async ({ signal, client, queryKey }) => {
      const before = client.getQueryData<SessionInfo | null>(queryKey);
      // The schema comes with the read, not in home's entry chunk (lib/api.ts SchemaSource).
      const info = await apiGet(
        '/api/auth/me',
        () => import('../../schema/auth').then((schemas) => schemas.MaybeSessionInfoSchema),
        { signal },
      );
      // A keyless session whose cookie is gone is the restore flow's to bring back (accounts §4).
      const lost = before?.method === 'wallet' && !info && !signingOut;
      if (lost) void sessionEnded(client, queryKey).catch(() => undefined);
      return info;
    },
    // Asked again once per page load: the persisted answer may predate the last sign-in or logout.
    // Components that mount later on the same page (the live page's chat and player, lazy panels)
    // share that answer instead of asking again; a return to the tab, a reload and every change of
    // session (which invalidates this key) still ask. Offline, the persisted answer still stands
    // (the session keeps working without a network).
    staleTime: 0,
    refetchOnMount: (query) => query.state.dataUpdatedAt < pageLoadedAt,
  });

/** Known for sure: an answer is in the cache (from the server or restored) and none is on its way. */
const settledSession = (client: QueryClient): { info: SessionInfo | null } | null => {
  const state = client.getQueryState<SessionInfo | null>(sessionQueryOptions().queryKey);
  return state?.status === 'success' && state.fetchStatus !== 'fetching'
    ? { info: state.data ?? null }
    : null;
};

/**
 * Calls `then` with the session: at once when one is known or nobody is signed in for sure; while
 * `/api/auth/me` is still being asked (a tap in the first instant of a page, or a restored copy from
 * before a sign-in being checked again), once it has answered. A signed-in user is never told to
 * log in because the page was still asking. Offline, the question waits for the network, but the
 * saved session landing from the device (the restore of a page reloaded offline) answers it too:
 * a like tapped in that instant is queued like any other offline.
 */
export function withKnownSession(
  client: QueryClient,
  known: SessionInfo | null,
  then: (info: SessionInfo | null) => void,
): void {
  const settled = known ? { info: known } : settledSession(client);
  if (settled) {
    then(settled.info);
    return;
  }
  let done = false;
  const answer = (info: SessionInfo | null) => {
    if (done) return;
    done = true;
    stopWatching();
    then(info);
  };
  const stopWatching = client.getQueryCache().subscribe(() => {
    const now = settledSession(client);
    if (now) answer(now.info);
  });
  client.fetchQuery(sessionQueryOptions()).then(answer, () => answer(null));
}

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

/**
 * What of the TanStack Query cache may be written to IndexedDB (query-persister.ts applies it to
 * every write and every restore, so no caller's options can put a private query on the device).
 *
 * - Queries: only successful ones whose key starts with an entry of `PUBLIC_QUERY_KEYS` (a new
 *   query is not persisted until it is listed here); the session is kept without its private fields.
 * - Mutations: only the likes, bookmarks, follows, comments, shares, garden plantings and
 *   harvests of the offline queue waiting to be sent (paused, or trying again after a call that got
 *   no answer), and tips cut off by the network (the user's own queued work: a tip keeps its gift, message,
 *   receiver and Idempotency-Key, never the balance; logout drops them too).
 */
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { SessionInfo } from '../../schema/auth';
import { isOutboxKey, isWaitingToSend } from './outbox-store';

type DehydratedQuery = PersistedClient['clientState']['queries'][number];
type DehydratedMutation = PersistedClient['clientState']['mutations'][number];

const SESSION_KEY = ['auth', 'me'] as const;

/** Leading key segments of the public reads that may be kept (the same answer for every visitor). */
const PUBLIC_QUERY_KEYS: ReadonlyArray<readonly string[]> = [
  ['videos', 'latest'], // home's latest videos
  ['videos', 'detail'], // a watch page's video
  ['videos', 'by-user'], // a profile's videos and shorts tabs
  ['shorts', 'page'], // home's shorts row
  ['shorts', 'feed'], // /reels
  ['shorts', 'all'], // /s/$videoId
  ['users', 'top'], // top creators
  ['users', 'profile'], // profile pages
  ['users', 'social-stats'], // a profile's social follower counts
  ['users', 'search'], // search results, by category, and the search bar's suggestions
  ['users', 'categories'], // the category list
  ['analytics', 'user'], // a profile's public analytics
  ['views', 'stats'], // view counts
  ['engagement', 'comments'], // comment threads
  ['garden', 'mine'], // an owner's garden (public by address, as on chain), so /graden shows offline
  ['sessions', 'active'], // channels on air, on home
  ['config'], // the deployment's public settings
  SESSION_KEY, // who is signed in, stripped by `publicSession`
];

const startsWith = (key: readonly unknown[], prefix: readonly string[]) =>
  prefix.every((part, index) => key[index] === part);

/**
 * The session as it may be kept: who is signed in survives an offline reload, but the email and the
 * balance do not (blank until the next answer of `/api/auth/me`, asked on every mount). Undefined
 * for anything that is not a session answer, so it is dropped.
 */
const publicSession = (data: unknown) => {
  if (data === null) return null;
  // The session query's own parse (web/lib/session.ts) checked the shape when it was fetched.
  const isSession = (value: unknown): value is SessionInfo =>
    typeof value === 'object' && value !== null && 'address' in value && 'user' in value;
  if (!isSession(data)) return undefined;
  return { ...data, user: data.user && { ...data.user, email: '', balance: 0 } };
};

const keepQuery = (query: DehydratedQuery): DehydratedQuery[] => {
  if (query.state.status !== 'success' || !PUBLIC_QUERY_KEYS.some((key) => startsWith(query.queryKey, key)))
    return [];
  if (!startsWith(query.queryKey, SESSION_KEY)) return [query];
  const data = publicSession(query.state.data);
  return data === undefined ? [] : [{ ...query, state: { ...query.state, data } }];
};

/** The outbox's mutations waiting to be sent, all saved as paused: that is what is resumed at start. */
const keepMutation = (mutation: DehydratedMutation): DehydratedMutation[] =>
  isWaitingToSend(mutation.state) && isOutboxKey(mutation.mutationKey)
    ? [{ ...mutation, state: { ...mutation.state, isPaused: true } }]
    : [];

/** The part of a dehydrated cache that may be stored on this device. */
export const persistableClient = (client: PersistedClient): PersistedClient => ({
  ...client,
  clientState: {
    queries: client.clientState.queries.flatMap(keepQuery),
    mutations: client.clientState.mutations.flatMap(keepMutation),
  },
});

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../schema/user';
import { useSession, withKnownSession } from '../../lib/session';
import { ensureEngagementDefaults } from './mutation-defaults';

type EngagementClient = {
  client: QueryClient;
  user: User | null;
  /**
   * Runs `act` with the signed-in, registered user, or `onSignedOut` when there is none; while the
   * session is still being asked for (a tap in the first instant of a page, before
   * `/api/auth/me` has answered), once it is known: a signed-in user is never told to log in.
   */
  withUser: (act: (user: User) => void, onSignedOut: () => void) => void;
};

/**
 * The query client with the engagement defaults in place (they normally arrive just after the
 * cache is restored; a click in the first instant must not build a mutation without them) and
 * the signed-in, registered user, if any.
 */
export function useEngagementClient(): EngagementClient {
  const client = useQueryClient();
  ensureEngagementDefaults(client);
  const { info } = useSession();
  const user = info?.user ?? null;
  const withUser = (act: (user: User) => void, onSignedOut: () => void) =>
    withKnownSession(client, info, (known) => (known?.user ? act(known.user) : onSignedOut()));
  return { client, user, withUser };
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../schema/user';
import { useSession } from '../../lib/session';
import { ensureEngagementDefaults } from './mutation-defaults';

/**
 * The query client with the engagement defaults in place (they normally arrive just after the
 * cache is restored; a click in the first instant must not build a mutation without them) and
 * the signed-in, registered user, if any.
 */
export function useEngagementClient(): { client: QueryClient; user: User | null } {
  const client = useQueryClient();
  ensureEngagementDefaults(client);
  const { info } = useSession();
  return { client, user: info?.user ?? null };
}

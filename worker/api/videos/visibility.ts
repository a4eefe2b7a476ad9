import type { Context } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { currentSession } from '../../lib/session';

/** The signed-in caller's user id, or null for visitors and wallets not yet registered. */
export const callerIdOf = async (c: Context<AppEnv>): Promise<string | null> =>
  (await currentSession(c))?.user?.id ?? null;

/** Private items (is_public = 0) exist only for their owner; everyone else gets a 404. */
export const isVisibleTo = (item: { isPublic: boolean; userId: string }, callerId: string | null): boolean =>
  item.isPublic || item.userId === callerId;

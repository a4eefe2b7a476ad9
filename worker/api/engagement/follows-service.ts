import type { FollowState } from '../../../schema/engagement';
import type { SessionUser } from '../../../schema/user';
import { badRequest } from '../../lib/errors';
import { assertSelf } from '../../lib/session';
import { now, userNotFound } from './content-kind';
import { checkFollow, deleteFollow, insertFollow } from './follows-queries';

type Pair = { followerId: string; followingId: string };

/**
 * Follows or unfollows for the caller; idempotent, and answers both users' recounted totals.
 * Following oneself is refused (content §5), not silently ignored, so a client bug shows.
 */
export const setFollow = async (
  db: D1Database,
  caller: SessionUser,
  pair: Pair,
  on: boolean,
): Promise<FollowState> => {
  assertSelf(caller, pair.followerId);
  if (pair.followingId === caller.id) throw badRequest('You cannot follow yourself');
  const totals = on ? await insertFollow(db, { ...pair, createdAt: now() }) : await deleteFollow(db, pair);
  if (!totals) throw userNotFound();
  return { isFollowing: on, ...totals };
};

export const isFollowing = async (db: D1Database, pair: Pair) => {
  const found = await checkFollow(db, pair);
  if (!found.usersFound) throw userNotFound();
  return found.isFollowing;
};

import type { FollowUser } from '../../../schema/engagement';

/**
 * SQL of follows. One row per (follower, following), the primary key; both users' totals are
 * recounted from the rows in the same batch as the write, so they match the rows and stay >= 0.
 */

type Pair = { followerId: string; followingId: string };

const recountBoth = (db: D1Database, pair: Pair) => [
  db
    .prepare(
      `UPDATE users SET followers = (SELECT COUNT(*) FROM follows WHERE following_id = ?1)
       WHERE id = ?1
       RETURNING followers AS total`,
    )
    .bind(pair.followingId),
  db
    .prepare(
      `UPDATE users SET following = (SELECT COUNT(*) FROM follows WHERE follower_id = ?1)
       WHERE id = ?1
       RETURNING following AS total`,
    )
    .bind(pair.followerId),
];

const totalOf = (result: D1Result | undefined) =>
  (result?.results[0] as { total: number } | undefined)?.total ?? null;

/** Answers the followed user's followers and the follower's following, or null for an unknown user. */
const totals = ([, followers, following]: D1Result[]) => {
  const followersTotal = totalOf(followers);
  const followingTotal = totalOf(following);
  if (followersTotal === null || followingTotal === null) return null;
  return { followers: followersTotal, following: followingTotal };
};

export const insertFollow = async (db: D1Database, pair: Pair & { createdAt: string }) =>
  totals(
    await db.batch([
      db
        .prepare(
          `INSERT INTO follows (follower_id, following_id, created_at)
           SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2)
           ON CONFLICT (follower_id, following_id) DO NOTHING`,
        )
        .bind(pair.followerId, pair.followingId, pair.createdAt),
      ...recountBoth(db, pair),
    ]),
  );

export const deleteFollow = async (db: D1Database, pair: Pair) =>
  totals(
    await db.batch([
      db
        .prepare('DELETE FROM follows WHERE follower_id = ?1 AND following_id = ?2')
        .bind(pair.followerId, pair.followingId),
      ...recountBoth(db, pair),
    ]),
  );

type CheckRow = { follower_found: number; following_found: number; follows: number };

export const checkFollow = async (db: D1Database, pair: Pair) => {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1) AS follower_found,
              EXISTS (SELECT 1 FROM users WHERE id = ?2) AS following_found,
              EXISTS (SELECT 1 FROM follows WHERE follower_id = ?1 AND following_id = ?2) AS follows`,
    )
    .bind(pair.followerId, pair.followingId)
    .first<CheckRow>();
  return {
    usersFound: row?.follower_found === 1 && row?.following_found === 1,
    isFollowing: row?.follows === 1,
  };
};

export const getFollowStats = (db: D1Database, userId: string) =>
  db
    .prepare('SELECT followers, following FROM users WHERE id = ?1')
    .bind(userId)
    .first<{ followers: number; following: number }>();

type FollowUserRow = {
  id: string;
  username: string;
  full_name: string;
  avatar: string;
  followers: number;
  followed_at: string;
};

/**
 * The users on one side of `userId`'s follows, most recent first: who follows them ('followers')
 * or whom they follow ('following'). The two column names are literals, never input.
 */
export const listFollowUsers = async (
  db: D1Database,
  userId: string,
  side: 'followers' | 'following',
  page: { limit: number; offset: number },
): Promise<FollowUser[]> => {
  const [mine, theirs] =
    side === 'followers' ? ['following_id', 'follower_id'] : ['follower_id', 'following_id'];
  const { results } = await db
    .prepare(
      `SELECT u.id, u.username, u.full_name, u.avatar, u.followers, f.created_at AS followed_at
       FROM follows f JOIN users u ON u.id = f.${theirs}
       WHERE f.${mine} = ?1
       ORDER BY f.created_at DESC, u.id DESC
       LIMIT ?2 OFFSET ?3`,
    )
    .bind(userId, page.limit, page.offset)
    .all<FollowUserRow>();
  return results.map((row) => ({
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    avatar: row.avatar,
    followers: row.followers,
    followedAt: row.followed_at,
  }));
};

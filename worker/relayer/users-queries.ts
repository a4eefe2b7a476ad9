/** SQL behind the relayer's user routes that is not money: recounted follow totals. */

/**
 * Sets a user's followers or following total from the follows rows, the only source of truth,
 * and answers the new total. Clients may ask for a recount; they never set the number.
 */
export const recountFollows = async (db: D1Database, userId: string, side: 'followers' | 'following') => {
  const statement =
    side === 'followers'
      ? `UPDATE users SET followers = (SELECT COUNT(*) FROM follows WHERE following_id = ?1) WHERE id = ?1
         RETURNING followers AS total`
      : `UPDATE users SET following = (SELECT COUNT(*) FROM follows WHERE follower_id = ?1) WHERE id = ?1
         RETURNING following AS total`;
  const row = await db.prepare(statement).bind(userId).first<{ total: number }>();
  return row?.total ?? 0;
};

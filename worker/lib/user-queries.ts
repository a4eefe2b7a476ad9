import { selectUser, toOwnUser, type UserRow } from './user-row';

/**
 * One user's own record by id, address or username: the users and auth routes, the relayer, share
 * pages and social stats all read it, which is why it lives in lib/ (lib/ imports nothing from api/).
 */

/**
 * These answer the own record (`/auth/me` and the profile writes need the email; the session's read
 * drops it with the rank); a route answering someone else strips it with api/users/present.ts.
 */
const firstUser = async (statement: D1PreparedStatement) => {
  const row = await statement.first<UserRow>();
  return row ? toOwnUser(row) : null;
};

export const getUserById = (db: D1Database, id: string) =>
  firstUser(db.prepare(selectUser('u.id = ?1')).bind(id));

export const getUserByAddress = (db: D1Database, address: string) =>
  firstUser(db.prepare(selectUser('u.aptos_address = ?1')).bind(address));

/** `rank: false` for a caller that does not show the rank (it reads 0), which then costs nothing. */
export const getUserByUsername = (db: D1Database, username: string, { rank = true } = {}) =>
  firstUser(db.prepare(selectUser('u.username = ?1 COLLATE NOCASE', { rank })).bind(username));

import * as z from 'zod/mini';
import { COIN_UNIT } from '../../schema/constants';
import {
  type OwnUser,
  type SessionUser,
  SocialKeySchema,
  type SocialLinks,
  type User,
} from '../../schema/user';
import { isHttpsLink } from '../../schema/user-input';
import { parseJsonColumn } from './rows';

/**
 * The users row as every part reads it: the users feature, search, and the session read that every
 * signed-in request makes, which is why it lives in lib/ (lib/ imports nothing from api/).
 */

const StringListSchema = z.array(z.string());
const StoredLinksSchema = z.record(z.string(), z.string());

export type UserRow = {
  id: string;
  username: string;
  full_name: string;
  email: string;
  description: string;
  avatar: string;
  banner: string;
  aptos_address: string;
  category: string;
  sub_category: string;
  tags: string;
  social: string;
  followers: number;
  following: number;
  created_at: string;
  balance: number;
  rank: number;
};

/**
 * A user's rank, the same order as the top list: one more than the users ahead of them. It counts
 * index entries, as many as the rank (5 ms for rank 40,000 of 100,000 users in SQLite), so only the
 * answers that show it pay for it.
 */
const RANK = `(SELECT COUNT(*) + 1 FROM users r
          WHERE r.followers > u.followers OR (r.followers = u.followers AND r.created_at < u.created_at))`;

/**
 * A user with their REEL balance (ledger, base units) and rank. `{where}` filters on `u`; `rank`
 * false reads 0 in its place (`sessionUserOf` drops it).
 */
export const selectUser = (where: string, { rank = true } = {}) => `
  SELECT u.id, u.username, u.full_name, u.email, u.description, u.avatar, u.banner, u.aptos_address,
         u.category, u.sub_category, u.tags, u.social, u.followers, u.following, u.created_at,
         COALESCE(b.amount, 0) AS balance,
         ${rank ? RANK : '0'} AS rank
  FROM users u
  LEFT JOIN balances b ON b.account_id = 'user:' || u.id
  WHERE ${where}`;

/**
 * Only https links are answered: rows written before links had to be https may hold others, and
 * one bad link must not hide the good ones (nor fail the client's parse of the whole user).
 */
const toSocialLinks = (column: string): SocialLinks => {
  const links: SocialLinks = {};
  for (const [key, link] of Object.entries(parseJsonColumn(column, StoredLinksSchema, {}))) {
    const known = SocialKeySchema.safeParse(key);
    if (known.success && isHttpsLink(link)) links[known.data] = link;
  }
  return links;
};

/** The public user: no email, whoever asks (see `toOwnUser`). */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  fullName: row.full_name,
  description: row.description,
  avatar: row.avatar,
  banner: row.banner,
  aptosAddress: row.aptos_address,
  category: row.category,
  subCategory: row.sub_category,
  tags: parseJsonColumn(row.tags, StringListSchema, []),
  social: toSocialLinks(row.social),
  balance: row.balance / COIN_UNIT,
  followers: row.followers,
  following: row.following,
  rank: row.rank,
  createdAt: row.created_at,
});

/** The user's own record: the public one plus the email. Answer it only to that user. */
export const toOwnUser = (row: UserRow): OwnUser => ({ ...toUser(row), email: row.email });

/**
 * The caller as every signed-in request reads it (`lib/session.ts`), with
 * `selectUser(where, { rank: false })`.
 */
export const sessionUserOf = (row: UserRow): SessionUser => {
  const { rank: _notRead, ...user } = toUser(row);
  return user;
};

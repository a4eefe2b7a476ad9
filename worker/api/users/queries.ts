import * as z from 'zod/mini';
import type { Category, TopUser } from '../../../schema/user';
import { parseJsonColumn } from '../../lib/rows';

type CategoryRow = { name: string; sub_categories: string };

/** The category tree in its configured order. */
export const listCategories = async (db: D1Database): Promise<Category[]> => {
  const { results } = await db
    .prepare('SELECT name, sub_categories FROM categories ORDER BY position ASC')
    .all<CategoryRow>();
  return results.map((row) => ({
    name: row.name,
    subCategories: parseJsonColumn(row.sub_categories, z.array(z.string()), []),
  }));
};

type TopUserRow = {
  id: string;
  username: string;
  full_name: string;
  avatar: string;
  followers: number;
  rank: number;
};

/** Users with the most followers; rank is the position in that order (ties: earlier sign-up first). */
export const listTopUsers = async (db: D1Database, limit: number): Promise<TopUser[]> => {
  const { results } = await db
    .prepare(
      `SELECT id, username, full_name, avatar, followers,
              ROW_NUMBER() OVER (ORDER BY followers DESC, created_at ASC) AS rank
       FROM users
       ORDER BY followers DESC, created_at ASC
       LIMIT ?1`,
    )
    .bind(limit)
    .all<TopUserRow>();
  return results.map((row) => ({
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    avatar: row.avatar,
    followers: row.followers,
    rank: row.rank,
  }));
};

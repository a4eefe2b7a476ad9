import * as z from 'zod/mini';
import type { Category, OwnUser, TopUser, UserProfile } from '../../../schema/user';
import type { UpdateUserBody } from '../../../schema/user-input';
import { parseJsonColumn } from '../../lib/rows';
import { getUserByUsername } from '../../lib/user-queries';

const StringListSchema = z.array(z.string());

type CategoryRow = { name: string; sub_categories: string };

/** The category tree in its configured order. */
export const listCategories = async (db: D1Database): Promise<Category[]> => {
  const { results } = await db
    .prepare('SELECT name, sub_categories FROM categories ORDER BY position ASC')
    .all<CategoryRow>();
  return results.map((row) => ({
    name: row.name,
    subCategories: parseJsonColumn(row.sub_categories, StringListSchema, []),
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

/** A user with the totals a profile page shows (content spec §2.7). */
export const getProfileByUsername = async (
  db: D1Database,
  username: string,
): Promise<(UserProfile & OwnUser) | null> => {
  const user = await getUserByUsername(db, username);
  if (!user) return null;
  const totals = await db
    .prepare(
      `SELECT
         (SELECT COUNT(*) FROM videos WHERE user_id = ?1 AND type = 'video') AS videos,
         (SELECT COUNT(*) FROM videos WHERE user_id = ?1 AND type = 'short') AS shorts,
         (SELECT COALESCE(SUM(views), 0) FROM videos WHERE user_id = ?1) AS views,
         (SELECT COUNT(*) FROM tips WHERE receiver_id = ?1 AND status = 'confirmed') AS donations`,
    )
    .bind(user.id)
    .first<{ videos: number; shorts: number; views: number; donations: number }>();
  return {
    ...user,
    videos: totals?.videos ?? 0,
    shorts: totals?.shorts ?? 0,
    views: totals?.views ?? 0,
    joinDate: user.createdAt,
    totalDonationCount: totals?.donations ?? 0,
  };
};

/** The profile fields a user writes, in column order, shared by insert and update. */
const profileValues = (body: UpdateUserBody) => [
  body.username,
  body.fullName,
  body.email,
  body.description,
  body.avatar,
  body.banner,
  body.category,
  body.subCategory,
  JSON.stringify(body.tags),
  JSON.stringify(body.social),
];

export const insertUser = (
  db: D1Database,
  user: UpdateUserBody & { id: string; aptosAddress: string; createdAt: string },
) =>
  db
    .prepare(
      `INSERT INTO users (username, full_name, email, description, avatar, banner, category, sub_category,
                          tags, social, id, aptos_address, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
    )
    .bind(...profileValues(user), user.id, user.aptosAddress, user.createdAt)
    .run();

export const updateUser = (db: D1Database, id: string, body: UpdateUserBody) =>
  db
    .prepare(
      `UPDATE users
       SET username = ?1, full_name = ?2, email = ?3, description = ?4, avatar = ?5, banner = ?6,
           category = ?7, sub_category = ?8, tags = ?9, social = ?10
       WHERE id = ?11`,
    )
    .bind(...profileValues(body), id)
    .run();

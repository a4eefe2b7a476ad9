import type { AnalyticsContentType } from '../../../schema/views';

export type ContentCounters = {
  userId: string;
  isPublic: boolean;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  bookmarks: number;
};

/** An item's owner, visibility and engagement counters. */
export const getContentCounters = async (
  db: D1Database,
  type: AnalyticsContentType,
  id: string,
): Promise<ContentCounters | null> => {
  const row = await db
    .prepare(
      `SELECT user_id, is_public, views, likes, comments, shares, bookmarks
       FROM videos
       WHERE id = ?1 AND type = ?2`,
    )
    .bind(id, type === 'shorts' ? 'short' : 'video')
    .first<{
      user_id: string;
      is_public: number;
      views: number;
      likes: number;
      comments: number;
      shares: number;
      bookmarks: number;
    }>();
  if (!row) return null;
  const { user_id, is_public, ...counters } = row;
  return { userId: user_id, isPublic: is_public === 1, ...counters };
};

export type UserTotals = {
  followers: number;
  totalViews: number;
  totalLikes: number;
  totalComments: number;
  totalShares: number;
  videos: number;
  shorts: number;
};

/** Totals over all of a user's content (as the profile page counts it), or null for no such user. */
export const getUserTotals = async (db: D1Database, userId: string): Promise<UserTotals | null> => {
  const row = await db
    .prepare(
      `SELECT u.followers AS followers,
              COALESCE(SUM(v.views), 0) AS total_views,
              COALESCE(SUM(v.likes), 0) AS total_likes,
              COALESCE(SUM(v.comments), 0) AS total_comments,
              COALESCE(SUM(v.shares), 0) AS total_shares,
              COUNT(CASE WHEN v.type = 'video' THEN 1 END) AS videos,
              COUNT(CASE WHEN v.type = 'short' THEN 1 END) AS shorts
       FROM users u LEFT JOIN videos v ON v.user_id = u.id
       WHERE u.id = ?1
       GROUP BY u.id`,
    )
    .bind(userId)
    .first<{
      followers: number;
      total_views: number;
      total_likes: number;
      total_comments: number;
      total_shares: number;
      videos: number;
      shorts: number;
    }>();
  return row
    ? {
        followers: row.followers,
        totalViews: row.total_views,
        totalLikes: row.total_likes,
        totalComments: row.total_comments,
        totalShares: row.total_shares,
        videos: row.videos,
        shorts: row.shorts,
      }
    : null;
};

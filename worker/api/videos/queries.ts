import * as z from 'zod/mini';
import type { Video, VideoType } from '../../../schema/content';
import { mediaUrl, parseJsonColumn } from '../../lib/rows';

type VideoRow = {
  id: string;
  type: VideoType;
  title: string;
  description: string;
  user_id: string;
  tags: string;
  media_key: string;
  thumbnail_key: string | null;
  captions_key: string | null;
  /** JSON array of `{width, key}`, narrowest first. */
  poster_sizes: string;
  duration: number;
  width: number;
  height: number;
  is_public: number;
  likes: number;
  comments: number;
  shares: number;
  bookmarks: number;
  views: number;
  created_at: string;
  creator: string;
  creator_avatar: string;
  creator_full_name: string;
  creator_followers: number;
};

/** Columns of a video joined with its creator, and its poster sizes; shared by every video read. */
const VIDEO_COLUMNS = `
  v.id, v.type, v.title, v.description, v.user_id, v.tags, v.media_key, v.thumbnail_key,
  v.captions_key,
  (SELECT json_group_array(json_object('width', p.width, 'key', p.key))
   FROM (SELECT width, key FROM video_posters WHERE video_id = v.id ORDER BY width) p) AS poster_sizes,
  v.duration, v.width, v.height, v.is_public, v.likes, v.comments, v.shares,
  v.bookmarks, v.views,
  v.created_at, u.username AS creator, u.avatar AS creator_avatar, u.full_name AS creator_full_name,
  u.followers AS creator_followers`;

const PosterSizeRowsSchema = z.array(z.object({ width: z.int(), key: z.string() }));

const toVideo = (row: VideoRow): Video => ({
  id: row.id,
  type: row.type,
  title: row.title,
  description: row.description,
  userId: row.user_id,
  creator: row.creator,
  creatorAvatar: row.creator_avatar,
  creatorFullName: row.creator_full_name,
  creatorFollowers: row.creator_followers,
  tags: parseJsonColumn(row.tags, z.array(z.string()), []),
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
  bookmarks: row.bookmarks,
  views: row.views,
  videoUrl: mediaUrl(row.media_key),
  thumbnail: mediaUrl(row.thumbnail_key),
  thumbnails: parseJsonColumn(row.poster_sizes, PosterSizeRowsSchema, []).map(({ width, key }) => ({
    url: mediaUrl(key),
    width,
  })),
  captionsUrl: row.captions_key ? mediaUrl(row.captions_key) : null,
  duration: row.duration,
  width: row.width,
  height: row.height,
  isPublic: row.is_public === 1,
  createdAt: row.created_at,
  uploadDate: row.created_at,
});

type Page = { limit: number; offset: number };

const latestStatement = (db: D1Database, type: VideoType, page: Page) =>
  db
    .prepare(
      `SELECT ${VIDEO_COLUMNS}
       FROM videos v JOIN users u ON u.id = v.user_id
       WHERE v.type = ?1 AND v.is_public = 1
       ORDER BY v.created_at DESC, v.id DESC
       LIMIT ?2 OFFSET ?3`,
    )
    .bind(type, page.limit, page.offset);

/** Public items of one type, newest first. */
export const listLatest = async (db: D1Database, type: VideoType, page: Page): Promise<Video[]> => {
  const { results } = await latestStatement(db, type, page).all<VideoRow>();
  return results.map(toVideo);
};

/** A page of public items of one type and how many exist, read in one round trip. */
export const listLatestWithTotal = async (
  db: D1Database,
  type: VideoType,
  page: Page,
): Promise<{ items: Video[]; total: number }> => {
  const [items, count] = await db.batch<VideoRow | { total: number }>([
    latestStatement(db, type, page),
    db.prepare('SELECT COUNT(*) AS total FROM videos WHERE type = ?1 AND is_public = 1').bind(type),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  return { items: ((items?.results ?? []) as VideoRow[]).map(toVideo), total };
};

/**
 * One item by id, of the given type when one is named, public or not (visibility is the caller's
 * rule to apply).
 */
export const getVideoById = async (db: D1Database, id: string, type?: VideoType): Promise<Video | null> => {
  const row = await db
    .prepare(
      `SELECT ${VIDEO_COLUMNS}
       FROM videos v JOIN users u ON u.id = v.user_id
       WHERE v.id = ?1 AND (?2 IS NULL OR v.type = ?2)`,
    )
    .bind(id, type ?? null)
    .first<VideoRow>();
  return row ? toVideo(row) : null;
};

/** A user's items of one type, newest first; private ones only when `includePrivate`. */
export const listByUser = async (
  db: D1Database,
  userId: string,
  type: VideoType,
  includePrivate: boolean,
  page: Page,
): Promise<Video[]> => {
  const { results } = await db
    .prepare(
      `SELECT ${VIDEO_COLUMNS}
       FROM videos v JOIN users u ON u.id = v.user_id
       WHERE v.user_id = ?1 AND v.type = ?2 AND (v.is_public = 1 OR ?3 = 1)
       ORDER BY v.created_at DESC, v.id DESC
       LIMIT ?4 OFFSET ?5`,
    )
    .bind(userId, type, includePrivate ? 1 : 0, page.limit, page.offset)
    .all<VideoRow>();
  return results.map(toVideo);
};

/** Where a public short sits in the shorts feed (0 = newest) and how long the feed is. */
export const getShortFeedPosition = (db: D1Database, id: string) =>
  db
    .prepare(
      `WITH feed AS (
         SELECT id,
                ROW_NUMBER() OVER (ORDER BY created_at DESC, id DESC) - 1 AS position,
                COUNT(*) OVER () AS total
         FROM videos
         WHERE type = 'short' AND is_public = 1
       )
       SELECT position, total FROM feed WHERE id = ?1`,
    )
    .bind(id)
    .first<{ position: number; total: number }>();

export const userExists = async (db: D1Database, id: string): Promise<boolean> =>
  (await db.prepare('SELECT 1 AS found FROM users WHERE id = ?1').bind(id).first()) !== null;

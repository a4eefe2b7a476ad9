import type { VideoType } from '../../../schema/content';

/** A videos row as an upload writes it. */
export type NewVideo = {
  id: string;
  type: VideoType;
  userId: string;
  title: string;
  description: string;
  mediaKey: string;
  thumbnailKey: string | null;
  contentType: string;
  sizeBytes: number;
  duration: number;
  width: number;
  height: number;
  isPublic: boolean;
  createdAt: string;
};

/** A videos row read back, with its counters. */
export type StoredVideo = NewVideo & {
  likes: number;
  comments: number;
  shares: number;
  bookmarks: number;
  views: number;
};

/**
 * Inserts a video. With `whileUploading`, only while that resumable upload is still in progress, so
 * two racing completions of one upload make one video.
 */
export const insertVideoStatement = (db: D1Database, video: NewVideo, whileUploading: string | null = null) =>
  db
    .prepare(
      `INSERT INTO videos (id, type, user_id, title, description, tags, media_key, thumbnail_key,
                           content_type, size_bytes, duration, width, height, is_public, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, '[]', ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14
       WHERE ?15 IS NULL OR EXISTS (SELECT 1 FROM uploads WHERE id = ?15 AND status = 'uploading')`,
    )
    .bind(
      video.id,
      video.type,
      video.userId,
      video.title,
      video.description,
      video.mediaKey,
      video.thumbnailKey,
      video.contentType,
      video.sizeBytes,
      video.duration,
      video.width,
      video.height,
      video.isPublic ? 1 : 0,
      video.createdAt,
      whileUploading,
    );

type VideoRow = {
  id: string;
  type: VideoType;
  user_id: string;
  title: string;
  description: string;
  media_key: string;
  thumbnail_key: string | null;
  content_type: string;
  size_bytes: number;
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
};

/** A video by id (any owner, public or not), or null. */
export const getStoredVideo = async (db: D1Database, id: string): Promise<StoredVideo | null> => {
  const row = await db
    .prepare(
      `SELECT id, type, user_id, title, description, media_key, thumbnail_key, content_type, size_bytes,
              duration, width, height, is_public, likes, comments, shares, bookmarks, views, created_at
       FROM videos WHERE id = ?1`,
    )
    .bind(id)
    .first<VideoRow>();
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    mediaKey: row.media_key,
    thumbnailKey: row.thumbnail_key,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    duration: row.duration,
    width: row.width,
    height: row.height,
    isPublic: row.is_public === 1,
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    bookmarks: row.bookmarks,
    views: row.views,
    createdAt: row.created_at,
  };
};

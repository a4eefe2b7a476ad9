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

import * as z from 'zod/mini';
import type { VideoType } from '../../../schema/content';
import { parseJsonColumn } from '../../lib/rows';

/** What the server needs of an item beyond its public shape: owner, visibility and R2 keys. */
export type StoredVideo = {
  id: string;
  type: VideoType;
  userId: string;
  isPublic: boolean;
  mediaKey: string;
  thumbnailKey: string | null;
  captionsKey: string | null;
  /** R2 keys of the poster sizes (schema/posters.ts). */
  posterSizeKeys: string[];
};

type StoredVideoRow = {
  id: string;
  type: VideoType;
  user_id: string;
  is_public: number;
  media_key: string;
  thumbnail_key: string | null;
  captions_key: string | null;
  poster_size_keys: string;
};

/** An item by id, of the given type when one is named. */
export const getStoredVideo = async (
  db: D1Database,
  id: string,
  type?: VideoType,
): Promise<StoredVideo | null> => {
  const row = await db
    .prepare(
      `SELECT id, type, user_id, is_public, media_key, thumbnail_key, captions_key,
              (SELECT json_group_array(key) FROM video_posters WHERE video_id = videos.id) AS poster_size_keys
       FROM videos
       WHERE id = ?1 AND (?2 IS NULL OR type = ?2)`,
    )
    .bind(id, type ?? null)
    .first<StoredVideoRow>();
  return row
    ? {
        id: row.id,
        type: row.type,
        userId: row.user_id,
        isPublic: row.is_public === 1,
        mediaKey: row.media_key,
        thumbnailKey: row.thumbnail_key,
        captionsKey: row.captions_key,
        posterSizeKeys: parseJsonColumn(row.poster_size_keys, z.array(z.string()), []),
      }
    : null;
};

/**
 * Deletes an item and what hangs off it in one batch: likes, bookmarks, comments and shares
 * cascade; its view records go; tips keep their money record but lose the link to it (their
 * foreign keys would otherwise refuse the delete). Answers whether the row was deleted.
 */
export const deleteVideoRows = async (db: D1Database, video: StoredVideo): Promise<boolean> => {
  const viewType = video.type === 'short' ? 'shorts' : 'videos';
  const results = await db.batch([
    db.prepare('UPDATE tips SET video_id = NULL WHERE video_id = ?1').bind(video.id),
    db.prepare('UPDATE tips SET short_id = NULL WHERE short_id = ?1').bind(video.id),
    db.prepare('DELETE FROM views WHERE content_type = ?1 AND content_id = ?2').bind(viewType, video.id),
    db.prepare('DELETE FROM videos WHERE id = ?1 AND user_id = ?2').bind(video.id, video.userId),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
};

/**
 * The keys among `keys` that no remaining row uses as its media, poster or poster size, nor any
 * profile as its avatar or banner: images are content-addressed, so a creator's poster may be the
 * very file of a profile picture.
 */
export const listUnusedKeys = async (db: D1Database, keys: string[]): Promise<string[]> => {
  if (keys.length === 0) return [];
  const results = await db.batch<{ used: number }>(
    keys.map((key) =>
      db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM videos WHERE media_key = ?1 OR thumbnail_key = ?1)
               OR EXISTS (SELECT 1 FROM video_posters WHERE key = ?1)
               OR EXISTS (SELECT 1 FROM users WHERE avatar = ?2 OR banner = ?2) AS used`,
        )
        .bind(key, `/media/${key}`),
    ),
  );
  return keys.filter((_, i) => results[i]?.results[0]?.used === 0);
};

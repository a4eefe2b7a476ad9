import type { UpdateVideoBody } from '../../../schema/video-edit';
import { insertPosterSizeStatements, type StoredPosterSize } from '../uploads/poster-sizes';

/** A new poster frame and its card widths, already in R2. */
export type NewPoster = { thumbnailKey: string; sizes: StoredPosterSize[] };

/**
 * Writes an owner's edit in one batch (all or nothing): the fields sent (a missing one keeps its
 * value) and, with a new poster, the poster sizes swapped for the new frame's. Answers whether
 * the row was there to change (the owner may have deleted it meanwhile).
 */
export const updateVideoRow = async (
  db: D1Database,
  id: string,
  userId: string,
  body: UpdateVideoBody,
  poster: NewPoster | null,
): Promise<boolean> => {
  const isPublic = body.isPublic === undefined ? null : body.isPublic ? 1 : 0;
  const update = db
    .prepare(
      `UPDATE videos
       SET title = COALESCE(?3, title),
           description = COALESCE(?4, description),
           tags = COALESCE(?5, tags),
           is_public = COALESCE(?6, is_public),
           thumbnail_key = COALESCE(?7, thumbnail_key)
       WHERE id = ?1 AND user_id = ?2`,
    )
    .bind(
      id,
      userId,
      body.title ?? null,
      body.description ?? null,
      body.tags ? JSON.stringify(body.tags) : null,
      isPublic,
      poster?.thumbnailKey ?? null,
    );
  const posterStatements = poster
    ? [
        db
          .prepare(
            `DELETE FROM video_posters
             WHERE video_id = ?1 AND EXISTS (SELECT 1 FROM videos WHERE id = ?1 AND user_id = ?2)`,
          )
          .bind(id, userId),
        ...insertPosterSizeStatements(db, id, poster.sizes),
      ]
    : [];
  const [updated] = await db.batch([update, ...posterStatements]);
  return (updated?.meta.changes ?? 0) > 0;
};

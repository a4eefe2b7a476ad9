/**
 * Points a video at a new captions key (or none) and answers the key it replaced, in one batch so
 * two uploads at once each learn the key they themselves replaced. `replaced` is undefined when
 * no row was updated (the video is gone, or is no longer the owner's).
 */
export const swapCaptionsKey = async (
  db: D1Database,
  videoId: string,
  ownerId: string,
  key: string | null,
): Promise<{ replaced: string | null } | undefined> => {
  const [before, update] = await db.batch<{ captions_key: string | null }>([
    db.prepare('SELECT captions_key FROM videos WHERE id = ?1 AND user_id = ?2').bind(videoId, ownerId),
    db
      .prepare('UPDATE videos SET captions_key = ?3 WHERE id = ?1 AND user_id = ?2')
      .bind(videoId, ownerId, key),
  ]);
  if (!update?.meta.changes) return undefined;
  return { replaced: before?.results[0]?.captions_key ?? null };
};

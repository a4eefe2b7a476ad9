/**
 * Who may read a `/media` object. A key that a video uses (its file, poster frame, poster sizes or
 * captions) is that video's; if every video using it is private, only their owners may read it.
 * Any other key (avatars, banners, gifts, seed files), or one a public video also uses (the same
 * bytes, content-addressed), is public.
 */
export type MediaAccess = { audience: 'everyone' } | { audience: 'owners'; ownerIds: string[] };

type UseRow = { user_id: string; is_public: number };

export const getMediaAccess = async (db: D1Database, key: string): Promise<MediaAccess> => {
  const { results } = await db
    .prepare(
      `SELECT user_id, is_public FROM videos
       WHERE media_key = ?1 OR thumbnail_key = ?1 OR captions_key = ?1
       UNION ALL
       SELECT videos.user_id, videos.is_public
       FROM video_posters JOIN videos ON videos.id = video_posters.video_id
       WHERE video_posters.key = ?1`,
    )
    .bind(key)
    .all<UseRow>();
  if (results.length === 0 || results.some((row) => row.is_public === 1)) return { audience: 'everyone' };
  return { audience: 'owners', ownerIds: [...new Set(results.map((row) => row.user_id))] };
};

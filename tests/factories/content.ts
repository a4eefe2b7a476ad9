import { v7 as uuidv7 } from 'uuid';

/** Test-data factories: each inserts one realistic row into D1 and answers what it made. */

let counter = 0;
const next = () => ++counter;

export type UserRow = { id: string; username: string; followers: number; createdAt: string };

export const insertUser = async (
  db: D1Database,
  overrides: Partial<{ username: string; followers: number; createdAt: string }> = {},
): Promise<UserRow> => {
  const n = next();
  const user = {
    id: uuidv7(),
    username: overrides.username ?? `creator_${n}`,
    followers: overrides.followers ?? 0,
    createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  };
  await db
    .prepare(
      `INSERT INTO users (id, username, full_name, email, description, avatar, aptos_address,
                          category, sub_category, tags, social, followers, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'Gaming', 'Valorant', '["fps"]', '{}', ?8, ?9)`,
    )
    .bind(
      user.id,
      user.username,
      `Creator ${n}`,
      `creator${n}@example.com`,
      'A creator who makes things.',
      `/media/avatars/${n}.svg`,
      `0x${n.toString(16).padStart(64, '0')}`,
      user.followers,
      user.createdAt,
    )
    .run();
  return user;
};

export type VideoRowInput = Partial<{
  type: 'video' | 'short';
  title: string;
  createdAt: string;
  isPublic: boolean;
  tags: string[];
}>;

export const insertVideo = async (db: D1Database, userId: string, overrides: VideoRowInput = {}) => {
  const n = next();
  const video = {
    id: uuidv7(),
    type: overrides.type ?? 'video',
    title: overrides.title ?? `Video ${n}`,
    createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 1, 1, 0, 0, n)).toISOString(),
  };
  await db
    .prepare(
      `INSERT INTO videos (id, type, user_id, title, description, tags, media_key, thumbnail_key,
                           content_type, size_bytes, duration, width, height, is_public, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'video/mp4', 1000, 12, 640, 360, ?9, ?10)`,
    )
    .bind(
      video.id,
      video.type,
      userId,
      video.title,
      `Description of ${video.title}`,
      JSON.stringify(overrides.tags ?? ['demo']),
      `videos/${n}.mp4`,
      `thumbs/${n}.jpg`,
      overrides.isPublic === false ? 0 : 1,
      video.createdAt,
    )
    .run();
  return video;
};

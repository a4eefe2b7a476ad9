import { v7 as uuidv7 } from 'uuid';
import { dataEnvelope } from '../../schema/api';
import { UserSchema } from '../../schema/user';
import type { ViewContentType } from '../../schema/views';
import { signIn } from '../worker/session';

/** Signs in a fresh wallet and registers its profile through the API: a caller who owns content. */
export const signUp = async (username: string) => {
  const { caller, wallet } = await signIn();
  const result = await caller.json('/api/users', 'POST', {
    username,
    fullName: 'Test Creator',
    email: `${username}@example.com`,
    description: 'A person who uploads things.',
    avatar: '/media/images/a.png',
    aptosAddress: wallet.address,
  });
  if (result.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(result.body)}`);
  return { caller, wallet, user: dataEnvelope(UserSchema).parse(result.body).data };
};

export type ViewRowInput = {
  contentType: ViewContentType;
  contentId: string;
  userId?: string | null;
  ipAddress?: string;
  watchDuration?: number;
  isCompleted?: boolean;
  createdAt?: string;
};

let counter = 0;

/** Inserts a finished view record straight into D1, as the seed does (no viewer key). */
export const insertViewRow = async (db: D1Database, input: ViewRowInput) => {
  const n = ++counter;
  const id = uuidv7();
  const createdAt = input.createdAt ?? new Date(Date.UTC(2026, 2, 1, 0, 0, n)).toISOString();
  await db
    .prepare(
      `INSERT INTO views (id, content_type, content_id, user_id, session_id, ip_address, user_agent,
                          watch_duration, is_completed, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'test-agent', ?7, ?8, ?9, ?9)`,
    )
    .bind(
      id,
      input.contentType,
      input.contentId,
      input.userId ?? null,
      `session-${n}`,
      input.ipAddress ?? `198.51.100.${n % 250}`,
      input.watchDuration ?? 0,
      input.isCompleted ? 1 : 0,
      createdAt,
    )
    .run();
  return { id, createdAt };
};

/** Points a video row at the given R2 keys (seeded rows share media files). */
export const setMediaKeys = (
  db: D1Database,
  videoId: string,
  mediaKey: string,
  thumbnailKey: string | null,
) =>
  db
    .prepare('UPDATE videos SET media_key = ?2, thumbnail_key = ?3 WHERE id = ?1')
    .bind(videoId, mediaKey, thumbnailKey)
    .run();

/** Sets a content counter row's engagement numbers directly (likes, comments, shares, views). */
export const setCounters = (
  db: D1Database,
  videoId: string,
  counters: { views: number; likes: number; comments: number; shares: number; bookmarks?: number },
) =>
  db
    .prepare(
      'UPDATE videos SET views = ?2, likes = ?3, comments = ?4, shares = ?5, bookmarks = ?6 WHERE id = ?1',
    )
    .bind(
      videoId,
      counters.views,
      counters.likes,
      counters.comments,
      counters.shares,
      counters.bookmarks ?? 0,
    )
    .run();

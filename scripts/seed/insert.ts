import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { z } from 'zod';
import type { Category } from '../../schema/user';
import type { DemoStreamTarget } from './demo-report';
import type {
  CommentRow,
  FollowRow,
  ReactionRow,
  SeedPlan,
  ShareRow,
  StreamKeyRow,
  StreamSessionRow,
  UserRow,
  VideoRow,
  ViewRow,
} from './rows';

/**
 * Rows per INSERT and statements per `db.batch`. Through getPlatformProxy every `prepare` and
 * `bind` is a synchronous round trip to workerd (~2 ms), so 1,500 single-row statements took six
 * seconds; a chunk of rows travels as one JSON parameter instead, and the whole seed fits in one
 * batch (one transaction: a failure leaves nothing half-written).
 */
export const ROWS_PER_STATEMENT = 100;
export const STATEMENTS_PER_BATCH = 50;

type SqlValue = string | number | null;
/** A table's columns and how one row fills them, in the same order. */
type TableSpec<Row> = { table: string; columns: readonly string[]; values: (row: Row) => SqlValue[] };

const users: TableSpec<UserRow> = {
  table: 'users',
  columns: [
    'id',
    'username',
    'full_name',
    'email',
    'description',
    'avatar',
    'banner',
    'aptos_address',
    'category',
    'sub_category',
    'tags',
    'social',
    'followers',
    'following',
    'created_at',
  ],
  values: (u) => [
    u.id,
    u.username,
    u.fullName,
    u.email,
    u.description,
    u.avatar,
    u.banner,
    u.aptosAddress,
    u.category,
    u.subCategory,
    JSON.stringify(u.tags),
    JSON.stringify(u.social),
    u.followers,
    u.following,
    u.createdAt,
  ],
};

const videos: TableSpec<VideoRow> = {
  table: 'videos',
  columns: [
    'id',
    'type',
    'user_id',
    'title',
    'description',
    'tags',
    'media_key',
    'thumbnail_key',
    'content_type',
    'size_bytes',
    'duration',
    'width',
    'height',
    'is_public',
    'likes',
    'comments',
    'shares',
    'bookmarks',
    'views',
    'created_at',
  ],
  values: (v) => [
    v.id,
    v.type,
    v.userId,
    v.title,
    v.description,
    JSON.stringify(v.tags),
    v.mediaKey,
    v.thumbnailKey,
    v.contentType,
    v.sizeBytes,
    v.duration,
    v.width,
    v.height,
    v.isPublic ? 1 : 0,
    v.likes,
    v.comments,
    v.shares,
    v.bookmarks,
    v.views,
    v.createdAt,
  ],
};

type PosterSizeRow = { videoId: string; width: number; key: string };

const videoPosters: TableSpec<PosterSizeRow> = {
  table: 'video_posters',
  columns: ['video_id', 'width', 'key'],
  values: (p) => [p.videoId, p.width, p.key],
};

const follows: TableSpec<FollowRow> = {
  table: 'follows',
  columns: ['follower_id', 'following_id', 'created_at'],
  values: (f) => [f.followerId, f.followingId, f.createdAt],
};

const reactions = (table: 'likes' | 'bookmarks'): TableSpec<ReactionRow> => ({
  table,
  columns: ['user_id', 'video_id', 'created_at'],
  values: (r) => [r.userId, r.videoId, r.createdAt],
});

const comments: TableSpec<CommentRow> = {
  table: 'comments',
  columns: ['id', 'video_id', 'user_id', 'parent_id', 'content', 'created_at'],
  values: (c) => [c.id, c.videoId, c.userId, c.parentId, c.content, c.createdAt],
};

const shares: TableSpec<ShareRow> = {
  table: 'shares',
  columns: ['id', 'video_id', 'user_id', 'platform', 'share_url', 'created_at'],
  values: (s) => [s.id, s.videoId, s.userId, s.platform, s.shareUrl, s.createdAt],
};

const views: TableSpec<ViewRow> = {
  table: 'views',
  columns: [
    'id',
    'content_type',
    'content_id',
    'user_id',
    'session_id',
    'ip_address',
    'user_agent',
    'watch_duration',
    'is_completed',
    'created_at',
    'updated_at',
  ],
  values: (v) => [
    v.id,
    v.contentType,
    v.contentId,
    v.userId,
    v.sessionId,
    v.ipAddress,
    v.userAgent,
    v.watchDuration,
    v.isCompleted ? 1 : 0,
    v.createdAt,
    v.updatedAt,
  ],
};

const streamKeys: TableSpec<StreamKeyRow> = {
  table: 'stream_keys',
  columns: ['id', 'user_id', 'name', 'secret_key', 'is_active', 'playback_id', 'playback_url', 'created_at'],
  values: (k) => [k.id, k.userId, k.name, k.secretKey, 1, k.playbackId, k.playbackUrl, k.createdAt],
};

const streamSessions: TableSpec<StreamSessionRow> = {
  table: 'stream_sessions',
  columns: ['id', 'stream_key_id', 'title', 'description', 'status', 'created_at'],
  values: (s) => [s.id, s.streamKeyId, s.title, s.description, 'prepared', s.createdAt],
};

/**
 * `INSERT INTO t (a, b) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM
 * json_each(?1)`: ?1 is a JSON array of rows, each an array of column values.
 */
export function bulkInsertSql(spec: { table: string; columns: readonly string[] }): string {
  const picks = spec.columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ');
  return `INSERT INTO ${spec.table} (${spec.columns.join(', ')}) SELECT ${picks} FROM json_each(?1)`;
}

function insertStatements<Row>(
  db: D1Database,
  spec: TableSpec<Row>,
  rows: readonly Row[],
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  if (rows.length === 0) return statements;
  const insert = db.prepare(bulkInsertSql(spec));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(insert.bind(JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT).map(spec.values))));
  }
  return statements;
}

const SubCategoriesSchema = z.array(z.string());

/** The category tree the migration inserted, in wizard order. */
export async function getCategories(db: D1Database): Promise<Category[]> {
  const { results } = await db
    .prepare('SELECT name, sub_categories FROM categories ORDER BY position')
    .all<{ name: string; sub_categories: string }>();
  return results.map((r) => ({
    name: r.name,
    subCategories: SubCategoriesSchema.parse(JSON.parse(r.sub_categories)),
  }));
}

export async function countUsers(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM users').first<{ n: number }>();
  return row?.n ?? 0;
}

/** Writes the plan in foreign-key order: users, then what references them, replies last. */
export async function insertSeedPlan(db: D1Database, plan: SeedPlan): Promise<number> {
  const statements = [
    ...insertStatements(db, users, plan.users),
    ...insertStatements(db, videos, plan.videos),
    ...insertStatements(
      db,
      videoPosters,
      plan.videos.flatMap((v) => v.posterSizes.map((size) => ({ videoId: v.id, ...size }))),
    ),
    ...insertStatements(db, follows, plan.follows),
    ...insertStatements(db, reactions('likes'), plan.likes),
    ...insertStatements(db, reactions('bookmarks'), plan.bookmarks),
    ...insertStatements(db, comments, plan.comments),
    ...insertStatements(db, shares, plan.shares),
    ...insertStatements(db, views, plan.views),
    ...insertStatements(db, streamKeys, plan.streamKeys),
    ...insertStatements(db, streamSessions, plan.streamSessions),
  ];
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
  }
  return statements.length;
}

/** The stream keys of `usernames` (the demo streams' creators) that exist in this database. */
export async function getDemoStreamTargets(
  db: D1Database,
  usernames: readonly string[],
): Promise<DemoStreamTarget[]> {
  const { results } = await db
    .prepare(
      `SELECT u.username, k.secret_key, k.playback_id
       FROM stream_keys k JOIN users u ON u.id = k.user_id
       WHERE u.username IN (SELECT value FROM json_each(?1))
       ORDER BY u.username`,
    )
    .bind(JSON.stringify(usernames))
    .all<{ username: string; secret_key: string; playback_id: string }>();
  return results.map((r) => ({ username: r.username, secret: r.secret_key, playbackId: r.playback_id }));
}

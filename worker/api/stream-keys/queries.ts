import type { PageQuery } from '../../../schema/common';
import type { StreamKey } from '../../../schema/live-session';

type StreamKeyRow = {
  id: string;
  user_id: string;
  name: string;
  secret_key: string;
  is_active: number;
  playback_id: string;
  playback_url: string;
  livepeer_stream_id: string | null;
  whip_url: string | null;
  last_used: string | null;
  created_at: string;
};

const COLUMNS = `k.id, k.user_id, k.name, k.secret_key, k.is_active, k.playback_id, k.playback_url,
                 k.livepeer_stream_id, k.whip_url, k.last_used, k.created_at`;

/** A row as its owner sees it, secret included; `service.ts` decides who gets the secret. */
const toStreamKey = (row: StreamKeyRow): StreamKey => ({
  id: row.id,
  name: row.name,
  userId: row.user_id,
  key: row.secret_key,
  isActive: row.is_active === 1,
  createdAt: row.created_at,
  lastUsed: row.last_used,
  playbackUrl: row.playback_url,
  livepeerStreamId: row.livepeer_stream_id,
  playbackId: row.playback_id,
  whipUrl: row.whip_url,
});

const first = async (statement: D1PreparedStatement) => {
  const row = await statement.first<StreamKeyRow>();
  return row ? toStreamKey(row) : null;
};

/** Every stream key, newest first. */
export const listStreamKeys = async (db: D1Database, page: PageQuery): Promise<StreamKey[]> => {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM stream_keys k ORDER BY k.created_at DESC, k.id DESC LIMIT ?1 OFFSET ?2`)
    .bind(page.limit, page.offset)
    .all<StreamKeyRow>();
  return results.map(toStreamKey);
};

export const getStreamKeyById = (db: D1Database, id: string) =>
  first(db.prepare(`SELECT ${COLUMNS} FROM stream_keys k WHERE k.id = ?1`).bind(id));

export const getStreamKeyByUserId = (db: D1Database, userId: string) =>
  first(db.prepare(`SELECT ${COLUMNS} FROM stream_keys k WHERE k.user_id = ?1`).bind(userId));

export const getStreamKeyByUsername = (db: D1Database, username: string) =>
  first(
    db
      .prepare(`SELECT ${COLUMNS} FROM stream_keys k JOIN users u ON u.id = k.user_id WHERE u.username = ?1`)
      .bind(username),
  );

export const getStreamKeyBySecret = (db: D1Database, secret: string) =>
  first(db.prepare(`SELECT ${COLUMNS} FROM stream_keys k WHERE k.secret_key = ?1`).bind(secret));

/**
 * A stream by any of its public names: our id, the provider's stream id or the playback id (the
 * spec's playback lookups pass the latter two).
 */
export const getStreamKeyByPublicRef = (db: D1Database, ref: string) =>
  first(
    db
      .prepare(
        `SELECT ${COLUMNS} FROM stream_keys k
         WHERE k.id = ?1 OR k.playback_id = ?1 OR k.livepeer_stream_id = ?1
         LIMIT 1`,
      )
      .bind(ref),
  );

/** Inserts a key; fails on the one-key-per-account index when the user already has one. */
export const insertStreamKey = (db: D1Database, key: StreamKey) =>
  db
    .prepare(
      `INSERT INTO stream_keys (id, user_id, name, secret_key, is_active, playback_id, playback_url,
                                livepeer_stream_id, whip_url, last_used, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
    )
    .bind(
      key.id,
      key.userId,
      key.name,
      key.key,
      key.isActive ? 1 : 0,
      key.playbackId,
      key.playbackUrl,
      key.livepeerStreamId,
      key.whipUrl,
      key.lastUsed,
      key.createdAt,
    )
    .run();

/** Changes the name and/or the active switch; an absent field keeps its value. */
export const updateStreamKey = (db: D1Database, id: string, change: { name?: string; isActive?: boolean }) =>
  db
    .prepare(
      `UPDATE stream_keys
       SET name = COALESCE(?2, name), is_active = COALESCE(?3, is_active)
       WHERE id = ?1`,
    )
    .bind(id, change.name ?? null, change.isActive === undefined ? null : change.isActive ? 1 : 0)
    .run();

/** Stores a rotated key: the new secret, and the stream's ids and URLs when the provider replaced the stream. */
export const rotateStreamKey = (
  db: D1Database,
  id: string,
  next: Pick<StreamKey, 'key' | 'livepeerStreamId' | 'playbackId' | 'playbackUrl' | 'whipUrl'>,
) =>
  db
    .prepare(
      `UPDATE stream_keys SET secret_key = ?2, livepeer_stream_id = ?3, playback_id = ?4, playback_url = ?5,
                              whip_url = ?6
       WHERE id = ?1`,
    )
    .bind(id, next.key, next.livepeerStreamId, next.playbackId, next.playbackUrl, next.whipUrl)
    .run();

/**
 * Deletes a key and, by cascade, its sessions. Tips keep their record and amount but lose the link
 * to a session that no longer exists (the column has no cascade of its own), in the same batch.
 */
export const deleteStreamKey = (db: D1Database, id: string) =>
  db.batch([
    db
      .prepare(
        `UPDATE tips SET stream_session_id = NULL
         WHERE stream_session_id IN (SELECT id FROM stream_sessions WHERE stream_key_id = ?1)`,
      )
      .bind(id),
    db.prepare('DELETE FROM stream_keys WHERE id = ?1').bind(id),
  ]);

import * as z from 'zod/mini';
import type { PageQuery } from '../../../schema/common';
import type { LiveSession, StreamSession } from '../../../schema/live-session';
import { parseJsonColumn } from '../../lib/rows';
import { localPosterUrl } from '../../live/local-credentials';

type SessionRow = {
  id: string;
  stream_key_id: string;
  title: string;
  description: string;
  status: 'prepared' | 'live' | 'ended';
  viewer_count: number;
  stats: string;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
};

type LiveSessionRow = SessionRow & {
  key_name: string;
  key_user_id: string;
  key_is_active: number;
  key_created_at: string;
  key_last_used: string | null;
  key_playback_url: string;
  key_livepeer_stream_id: string | null;
  key_playback_id: string;
  username: string;
  full_name: string;
  avatar: string;
  category: string;
  sub_category: string;
};

const StatsSchema = z.record(z.string(), z.unknown());
const SESSION_COLUMNS = `s.id, s.stream_key_id, s.title, s.description, s.status, s.viewer_count, s.stats,
                         s.started_at, s.ended_at, s.created_at`;
const LIVE_SESSION_SELECT = `SELECT ${SESSION_COLUMNS}, s.live_until,
              k.name AS key_name, k.user_id AS key_user_id, k.is_active AS key_is_active,
              k.created_at AS key_created_at, k.last_used AS key_last_used,
              k.playback_url AS key_playback_url, k.livepeer_stream_id AS key_livepeer_stream_id,
              k.playback_id AS key_playback_id,
              u.username, u.full_name, u.avatar, u.category, u.sub_category
       FROM stream_sessions s
       JOIN stream_keys k ON k.id = s.stream_key_id
       JOIN users u ON u.id = k.user_id`;

const toSession = (row: SessionRow): StreamSession => ({
  id: row.id,
  streamKeyId: row.stream_key_id,
  title: row.title,
  description: row.description,
  status: row.status,
  viewerCount: row.viewer_count,
  stats: parseJsonColumn(row.stats, StatsSchema, {}),
  startedAt: row.started_at,
  endedAt: row.ended_at,
  createdAt: row.created_at,
});

const toLiveSession = (row: LiveSessionRow): LiveSession => ({
  stream_sessions: toSession(row),
  // The public face of the key: never the secret (DESIGN.md §11.1).
  stream_keys: {
    id: row.stream_key_id,
    name: row.key_name,
    userId: row.key_user_id,
    isActive: row.key_is_active === 1,
    createdAt: row.key_created_at,
    lastUsed: row.key_last_used,
    playbackUrl: row.key_playback_url,
    livepeerStreamId: row.key_livepeer_stream_id,
    playbackId: row.key_playback_id,
    posterUrl: localPosterUrl(row.key_playback_id, row.key_playback_url),
  },
  users: {
    id: row.key_user_id,
    username: row.username,
    fullName: row.full_name,
    avatar: row.avatar,
    category: row.category,
    subCategory: row.sub_category,
  },
});

/**
 * How long a prepared session with no media yet is listed as starting soon: a creator who prepares
 * and never broadcasts must not stay on home for good.
 */
export const STARTING_SOON_MS = 15 * 60_000;

/**
 * Where the active list learns that a session is on air: `media` is our own ingest, which records
 * each segment (`live_until`, migration 0014); `lifecycle` is the session's stored status, for a
 * provider whose media never pass through us (Livepeer, until its stream webhooks are wired).
 */
export type LiveEvidence = 'media' | 'lifecycle';

/**
 * Sessions on air at `now`, most recently started first, then sessions prepared in the last 15
 * minutes that are not on air yet, answered with status 'prepared' (home's "Starting soon"). With
 * media evidence a session is on air while its media arrive within their live window, so one whose
 * encoder died or ended is not listed, whatever its stored status says; with lifecycle evidence it
 * is on air from start to stop. Each entry is nested with its key and streamer.
 */
export const listActiveSessions = async (
  db: D1Database,
  now: number,
  evidence: LiveEvidence = 'media',
): Promise<LiveSession[]> => {
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT q.*, CASE
           WHEN ?3 = 'media' AND q.live_until > ?1 THEN 'live'
           WHEN ?3 = 'lifecycle' AND q.status = 'live' THEN 'live'
           WHEN q.live_until IS NULL AND q.created_at > ?2 THEN 'prepared'
         END AS on_air
         FROM (${LIVE_SESSION_SELECT} WHERE s.status IN ('prepared', 'live')) q
       )
       WHERE on_air IS NOT NULL
       ORDER BY on_air = 'prepared', started_at DESC, created_at DESC
       LIMIT 100`,
    )
    .bind(now, new Date(now - STARTING_SOON_MS).toISOString(), evidence)
    .all<LiveSessionRow & { on_air: 'live' | 'prepared' }>();
  return results.map((row) => {
    const live = toLiveSession(row);
    return { ...live, stream_sessions: { ...live.stream_sessions, status: row.on_air } };
  });
};

/** Sessions newest first, all or one stream's. */
export const listSessions = async (
  db: D1Database,
  page: PageQuery,
  streamKeyId: string | null,
): Promise<StreamSession[]> => {
  const { results } = await db
    .prepare(
      `SELECT ${SESSION_COLUMNS} FROM stream_sessions s
       WHERE ?1 IS NULL OR s.stream_key_id = ?1
       ORDER BY s.created_at DESC, s.id DESC
       LIMIT ?2 OFFSET ?3`,
    )
    .bind(streamKeyId, page.limit, page.offset)
    .all<SessionRow>();
  return results.map(toSession);
};

/** A session with the id of the user who owns its stream key. */
export const getSessionWithOwner = async (
  db: D1Database,
  id: string,
): Promise<{ session: StreamSession; ownerId: string } | null> => {
  const row = await db
    .prepare(
      `SELECT ${SESSION_COLUMNS}, k.user_id AS owner_id
       FROM stream_sessions s JOIN stream_keys k ON k.id = s.stream_key_id
       WHERE s.id = ?1`,
    )
    .bind(id)
    .first<SessionRow & { owner_id: string }>();
  return row ? { session: toSession(row), ownerId: row.owner_id } : null;
};

/** A stream's current session (prepared or live), nested with its key and streamer; null when none. */
export const getCurrentSession = async (db: D1Database, streamKeyId: string): Promise<LiveSession | null> => {
  const row = await db
    .prepare(
      `${LIVE_SESSION_SELECT}
       WHERE s.stream_key_id = ?1 AND s.status IN ('prepared', 'live')
       ORDER BY s.created_at DESC LIMIT 1`,
    )
    .bind(streamKeyId)
    .first<LiveSessionRow>();
  return row ? toLiveSession(row) : null;
};

/**
 * Inserts a prepared session unless the stream already has a prepared or live one; one statement,
 * so two racing prepares cannot both win. Answers whether it was inserted.
 */
export const insertSessionUnlessCurrent = async (
  db: D1Database,
  session: StreamSession,
): Promise<boolean> => {
  const result = await db
    .prepare(
      `INSERT INTO stream_sessions (id, stream_key_id, title, description, status, viewer_count, stats,
                                    started_at, ended_at, created_at)
       SELECT ?1, ?2, ?3, ?4, 'prepared', 0, '{}', NULL, NULL, ?5
       WHERE NOT EXISTS (
         SELECT 1 FROM stream_sessions WHERE stream_key_id = ?2 AND status IN ('prepared', 'live')
       )`,
    )
    .bind(session.id, session.streamKeyId, session.title, session.description, session.createdAt)
    .run();
  return result.meta.changes === 1;
};

/** prepared -> live (a repeat keeps the first start time); an ended session stays ended. */
export const startSession = (db: D1Database, id: string, now: string) =>
  db
    .prepare(
      `UPDATE stream_sessions SET status = 'live', started_at = COALESCE(started_at, ?2)
       WHERE id = ?1 AND status IN ('prepared', 'live')`,
    )
    .bind(id, now)
    .run();

/** Any state -> ended (a repeat keeps the first end time). */
export const endSession = (db: D1Database, id: string, now: string) =>
  db
    .prepare("UPDATE stream_sessions SET status = 'ended', ended_at = COALESCE(ended_at, ?2) WHERE id = ?1")
    .bind(id, now)
    .run();

export const updateSessionText = (
  db: D1Database,
  id: string,
  text: { title?: string; description?: string },
) =>
  db
    .prepare(
      'UPDATE stream_sessions SET title = COALESCE(?2, title), description = COALESCE(?3, description) WHERE id = ?1',
    )
    .bind(id, text.title ?? null, text.description ?? null)
    .run();

/**
 * The owner's own viewer count, taken only when it is not above the one the chat room counted
 * (party/viewer-count.ts): the room counts people, and a number people see must not be raised by
 * whoever it flatters. The peak stays the room's. False when it was above (nothing written).
 */
export const lowerSessionViewerCount = async (db: D1Database, id: string, viewerCount: number) => {
  const result = await db
    .prepare('UPDATE stream_sessions SET viewer_count = ?2 WHERE id = ?1 AND viewer_count >= ?2')
    .bind(id, viewerCount)
    .run();
  return result.meta.changes > 0;
};

export const setSessionStats = (db: D1Database, id: string, stats: Record<string, unknown>) =>
  db.prepare('UPDATE stream_sessions SET stats = ?2 WHERE id = ?1').bind(id, JSON.stringify(stats)).run();

/** How many view records were started on a session (`POST /views/streams/{sessionId}`). */
export const countSessionViews = async (db: D1Database, sessionId: string): Promise<number> => {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM views WHERE content_type = 'streams' AND content_id = ?1")
    .bind(sessionId)
    .first<{ n: number }>();
  return row?.n ?? 0;
};

/** The most viewers the session has had at once (migration 0023, kept by the chat room). */
export const getPeakViewerCount = async (db: D1Database, id: string): Promise<number> => {
  const row = await db
    .prepare('SELECT peak_viewer_count AS peak FROM stream_sessions WHERE id = ?1')
    .bind(id)
    .first<{ peak: number }>();
  return row?.peak ?? 0;
};

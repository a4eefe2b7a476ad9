import * as z from 'zod/mini';
import type { LiveSession } from '../../../schema/live';
import { parseJsonColumn } from '../../lib/rows';

type LiveSessionRow = {
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

const toLiveSession = (row: LiveSessionRow): LiveSession => ({
  stream_sessions: {
    id: row.id,
    streamKeyId: row.stream_key_id,
    title: row.title,
    description: row.description,
    status: row.status,
    viewerCount: row.viewer_count,
    stats: parseJsonColumn(row.stats, z.record(z.string(), z.unknown()), {}),
    startedAt: row.started_at,
    endedAt: row.ended_at,
    createdAt: row.created_at,
  },
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

/** Sessions that are live now, most recently started first, with their key and streamer. */
export const listActiveSessions = async (db: D1Database): Promise<LiveSession[]> => {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.stream_key_id, s.title, s.description, s.status, s.viewer_count, s.stats,
              s.started_at, s.ended_at, s.created_at,
              k.name AS key_name, k.user_id AS key_user_id, k.is_active AS key_is_active,
              k.created_at AS key_created_at, k.last_used AS key_last_used,
              k.playback_url AS key_playback_url, k.livepeer_stream_id AS key_livepeer_stream_id,
              k.playback_id AS key_playback_id,
              u.username, u.full_name, u.avatar, u.category, u.sub_category
       FROM stream_sessions s
       JOIN stream_keys k ON k.id = s.stream_key_id
       JOIN users u ON u.id = k.user_id
       WHERE s.status = 'live'
       ORDER BY s.started_at DESC
       LIMIT 100`,
    )
    .all<LiveSessionRow>();
  return results.map(toLiveSession);
};

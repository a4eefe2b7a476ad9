import type {
  ChatRules,
  ModerationAction,
  ModerationLogEntry,
  SanctionListing,
} from '../../../schema/chat-moderation';
import { newId } from '../../lib/ids';
import { prepare, type SqlStatement, sql } from '../../lib/sql';

/** The SQL of chat moderation (migration 0018); the rooms read the same tables (party/moderation-queries.ts). */

/** Whether `userId` moderates `creatorId`'s chats. */
export const isModerator = async (db: D1Database, creatorId: string, userId: string) =>
  (await db
    .prepare('SELECT 1 FROM chat_moderators WHERE creator_id = ?1 AND moderator_id = ?2')
    .bind(creatorId, userId)
    .first()) !== null;

export const listModerators = async (db: D1Database, creatorId: string): Promise<string[]> => {
  const { results } = await db
    .prepare(
      `SELECT u.username FROM chat_moderators m JOIN users u ON u.id = m.moderator_id
       WHERE m.creator_id = ?1 ORDER BY m.created_at`,
    )
    .bind(creatorId)
    .all<{ username: string }>();
  return results.map((row) => row.username);
};

export const countModerators = async (db: D1Database, creatorId: string) =>
  (
    await db
      .prepare('SELECT COUNT(*) AS n FROM chat_moderators WHERE creator_id = ?1')
      .bind(creatorId)
      .first<{ n: number }>()
  )?.n ?? 0;

/** Bans and running timeouts in `creatorId`'s chats, newest first. */
export const listSanctions = async (
  db: D1Database,
  creatorId: string,
  nowMs: number,
): Promise<SanctionListing[]> => {
  const { results } = await db
    .prepare(
      `SELECT u.username, s.kind, s.until_ms FROM chat_sanctions s JOIN users u ON u.id = s.user_id
       WHERE s.creator_id = ?1 AND (s.kind = 'ban' OR s.until_ms > ?2) ORDER BY s.created_at DESC`,
    )
    .bind(creatorId, nowMs)
    .all<{ username: string; kind: 'ban' | 'timeout'; until_ms: number | null }>();
  return results.map((row) => ({
    username: row.username,
    kind: row.kind,
    until: row.until_ms === null ? null : new Date(row.until_ms).toISOString(),
  }));
};

export const upsertRules = (creatorId: string, rules: ChatRules, now: string) =>
  sql(
    `INSERT INTO chat_rules (creator_id, slow_mode_seconds, followers_only_minutes, blocked_terms, links_allowed, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (creator_id) DO UPDATE SET slow_mode_seconds = excluded.slow_mode_seconds,
       followers_only_minutes = excluded.followers_only_minutes, blocked_terms = excluded.blocked_terms,
       links_allowed = excluded.links_allowed, updated_at = excluded.updated_at`,
    creatorId,
    rules.slowModeSeconds,
    rules.followersOnlyMinutes,
    JSON.stringify(rules.blockedTerms),
    rules.linksAllowed ? 1 : 0,
    now,
  );

export const insertModerator = (creatorId: string, moderatorId: string, now: string) =>
  sql(
    `INSERT INTO chat_moderators (creator_id, moderator_id, created_at) VALUES (?1, ?2, ?3)
     ON CONFLICT DO NOTHING`,
    creatorId,
    moderatorId,
    now,
  );

export const deleteModerator = (creatorId: string, moderatorId: string) =>
  sql('DELETE FROM chat_moderators WHERE creator_id = ?1 AND moderator_id = ?2', creatorId, moderatorId);

/** A ban (`untilMs` null) or a timeout, replacing whatever sanction the user had. */
export const upsertSanction = (
  creatorId: string,
  userId: string,
  untilMs: number | null,
  actorId: string,
  now: string,
) =>
  sql(
    `INSERT INTO chat_sanctions (creator_id, user_id, kind, until_ms, created_by, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (creator_id, user_id) DO UPDATE SET kind = excluded.kind, until_ms = excluded.until_ms,
       created_by = excluded.created_by, created_at = excluded.created_at`,
    creatorId,
    userId,
    untilMs === null ? 'ban' : 'timeout',
    untilMs,
    actorId,
    now,
  );

export const deleteSanction = (creatorId: string, userId: string) =>
  sql('DELETE FROM chat_sanctions WHERE creator_id = ?1 AND user_id = ?2', creatorId, userId);

/** A log line; a target that is no user (a tip's system message, an account gone) is kept as null. */
export type LogLine = {
  creatorId: string;
  actorId: string;
  action: ModerationAction;
  targetUserId: string | null;
  detail: string | null;
};

export const insertLogLine = (line: LogLine, now: string): SqlStatement =>
  sql(
    `INSERT INTO moderation_log (id, creator_id, actor_id, action, target_user_id, detail, created_at)
     VALUES (?1, ?2, ?3, ?4, (SELECT id FROM users WHERE id = ?5), ?6, ?7)`,
    newId(),
    line.creatorId,
    line.actorId,
    line.action,
    line.targetUserId,
    line.detail,
    now,
  );

/** A change and its log line, written together or not at all. */
export const writeWithLog = (db: D1Database, change: SqlStatement, line: LogLine, now: string) =>
  db.batch([prepare(db, change), prepare(db, insertLogLine(line, now))]);

export const listLog = async (
  db: D1Database,
  creatorId: string,
  limit: number,
): Promise<ModerationLogEntry[]> => {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.action, a.username AS actor, t.username AS target, l.detail, l.created_at
       FROM moderation_log l JOIN users a ON a.id = l.actor_id LEFT JOIN users t ON t.id = l.target_user_id
       WHERE l.creator_id = ?1 ORDER BY l.created_at DESC, l.id DESC LIMIT ?2`,
    )
    .bind(creatorId, limit)
    .all<{
      id: string;
      action: ModerationAction;
      actor: string;
      target: string | null;
      detail: string | null;
      created_at: string;
    }>();
  return results.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at }));
};

/** The public ids of every stream key of `creatorId`: their rooms are told of each change. */
export const roomsOfCreator = async (db: D1Database, creatorId: string): Promise<string[]> => {
  const { results } = await db
    .prepare('SELECT id FROM stream_keys WHERE user_id = ?1')
    .bind(creatorId)
    .all<{ id: string }>();
  return results.map((row) => row.id);
};

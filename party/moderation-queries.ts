import * as z from 'zod/mini';
import {
  type ChatRules,
  ChatRulesSchema,
  type ChatSanction,
  DEFAULT_CHAT_RULES,
} from '../schema/chat-moderation';
import { parseJsonColumn } from '../worker/lib/rows';

/** What a room needs to judge sends: its creator, their rules, moderators and sanctions. */
export type RoomModeration = {
  creatorId: string;
  rules: ChatRules;
  moderators: ReadonlySet<string>;
  sanctions: ReadonlyMap<string, ChatSanction>;
};

type RulesRow = {
  slow_mode_seconds: number;
  followers_only_minutes: number | null;
  blocked_terms: string;
  links_allowed: number;
};
type SanctionRow = { user_id: string; kind: 'ban' | 'timeout'; until_ms: number | null };

/** The rules row as `ChatRules`; a row that no longer parses falls back to the defaults, never open. */
const rulesOf = (row: RulesRow | null): ChatRules => {
  if (!row) return DEFAULT_CHAT_RULES;
  const parsed = ChatRulesSchema.safeParse({
    slowModeSeconds: row.slow_mode_seconds,
    followersOnlyMinutes: row.followers_only_minutes,
    blockedTerms: parseJsonColumn(row.blocked_terms, z.array(z.string()), []),
    linksAllowed: row.links_allowed === 1,
  });
  return parsed.success ? parsed.data : DEFAULT_CHAT_RULES;
};

const RULES_COLUMNS = 'slow_mode_seconds, followers_only_minutes, blocked_terms, links_allowed';

/** The rules `creatorId` set for all their chats; the defaults when they set none. */
export const getChatRules = async (db: D1Database, creatorId: string): Promise<ChatRules> =>
  rulesOf(
    await db
      .prepare(`SELECT ${RULES_COLUMNS} FROM chat_rules WHERE creator_id = ?1`)
      .bind(creatorId)
      .first<RulesRow>(),
  );

/**
 * The moderation of the creator who owns stream key `room`, read in one D1 batch (the tables of
 * migration 0018). Null when the stream key is gone. Expired timeouts are left out.
 */
export const loadRoomModeration = async (
  db: D1Database,
  room: string,
  now: number,
): Promise<RoomModeration | null> => {
  const creator = `(SELECT user_id FROM stream_keys WHERE id = ?1)`;
  const [owner, rules, moderators, sanctions] = await db.batch([
    db.prepare('SELECT user_id FROM stream_keys WHERE id = ?1').bind(room),
    db.prepare(`SELECT ${RULES_COLUMNS} FROM chat_rules WHERE creator_id = ${creator}`).bind(room),
    db.prepare(`SELECT moderator_id FROM chat_moderators WHERE creator_id = ${creator}`).bind(room),
    db
      .prepare(
        `SELECT user_id, kind, until_ms FROM chat_sanctions
         WHERE creator_id = ${creator} AND (kind = 'ban' OR until_ms > ?2)`,
      )
      .bind(room, now),
  ]);
  const creatorId = (owner?.results[0] as { user_id: string } | undefined)?.user_id;
  if (!creatorId || !rules || !moderators || !sanctions) return null;
  return {
    creatorId,
    rules: rulesOf((rules.results[0] as RulesRow | undefined) ?? null),
    moderators: new Set((moderators.results as { moderator_id: string }[]).map((row) => row.moderator_id)),
    sanctions: new Map(
      (sanctions.results as SanctionRow[]).map((row) => [
        row.user_id,
        row.kind === 'ban' ? { kind: 'ban' } : { kind: 'timeout', until: row.until_ms ?? 0 },
      ]),
    ),
  };
};

/** When `userId` followed `creatorId` (epoch ms), or null: read only while followers-only is on. */
export const followedAt = async (
  db: D1Database,
  userId: string,
  creatorId: string,
): Promise<number | null> => {
  const row = await db
    .prepare('SELECT created_at FROM follows WHERE follower_id = ?1 AND following_id = ?2')
    .bind(userId, creatorId)
    .first<{ created_at: string }>();
  return row ? Date.parse(row.created_at) : null;
};

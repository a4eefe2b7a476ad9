import { timeoutUntil } from '../../../party/moderation';
import { getChatRules } from '../../../party/moderation-queries';
import {
  type ChatModeration,
  type ChatRole,
  type ChatRules,
  MODERATION_ERRORS,
  MODERATION_LIMITS,
  type ModerationAction,
} from '../../../schema/chat-moderation';
import type { SessionUser } from '../../../schema/user';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { prepare } from '../../lib/sql';
import { getUserByUsername } from '../../lib/user-queries';
import {
  countModerators,
  deleteModerator,
  deleteSanction,
  insertLogLine,
  insertModerator,
  isModerator,
  listLog,
  listModerators,
  listSanctions,
  roomsOfCreator,
  upsertRules,
  upsertSanction,
  writeWithLog,
} from './moderation-queries';
import { deleteChatMessage, reloadModeration } from './rooms';
import { requireStreamRoom } from './service';

/**
 * Chat moderation (issue 24 §1): the worker checks who may do what and writes it, with its log
 * line, in one D1 batch; then every room of the creator reads it again (`moderationChanged`), and
 * the rooms enforce it on each send. A room is named by a stream key's public id; moderation
 * belongs to the key's owner and holds in all their rooms.
 */

/** The caller's role in `room`, with the room's creator. 404 for an unknown room. */
export const roleIn = async (
  db: D1Database,
  user: SessionUser,
  room: string,
): Promise<{ creatorId: string; role: ChatRole }> => {
  const { userId: creatorId } = await requireStreamRoom(db, room);
  if (user.id === creatorId) return { creatorId, role: 'creator' };
  return { creatorId, role: (await isModerator(db, creatorId, user.id)) ? 'moderator' : 'viewer' };
};

const requireRole = async (db: D1Database, user: SessionUser, room: string, creatorOnly: boolean) => {
  const standing = await roleIn(db, user, room);
  if (standing.role === 'viewer' || (creatorOnly && standing.role !== 'creator')) {
    throw forbidden(creatorOnly ? MODERATION_ERRORS.notCreator : MODERATION_ERRORS.notModerator);
  }
  return standing.creatorId;
};

/** The user a moderation action names (the form's username, any case); 404 when there is none. */
const requireUserNamed = async (db: D1Database, username: string) => {
  const target = await getUserByUsername(db, username, { rank: false });
  if (!target) throw notFound(MODERATION_ERRORS.userNotFound);
  return target;
};

const LOG_LINES = 100;

type Acting = { env: Env; actor: SessionUser; room: string; now: Date };

/** Writes a change with its log line, then has every room of the creator read the rules again. */
const record = async (
  { env, actor, now }: Acting,
  creatorId: string,
  change: Parameters<typeof writeWithLog>[1],
  action: ModerationAction,
  target: { id: string } | null,
  detail: string | null = null,
) => {
  await writeWithLog(
    env.DB,
    change,
    { creatorId, actorId: actor.id, action, targetUserId: target?.id ?? null, detail },
    now.toISOString(),
  );
  await reloadModeration(env, await roomsOfCreator(env.DB, creatorId));
};

export const readModeration = async (db: D1Database, user: SessionUser, room: string, now: Date) => {
  const { creatorId, role } = await roleIn(db, user, room);
  const answer: ChatModeration = { role, rules: null, moderators: [], sanctions: [] };
  if (role === 'viewer') return answer;
  // The room's creator is known from the role check: the rules are read by creator, not by room again.
  const [rules, moderators, sanctions] = await Promise.all([
    getChatRules(db, creatorId),
    listModerators(db, creatorId),
    listSanctions(db, creatorId, now.getTime()),
  ]);
  return { ...answer, rules, moderators, sanctions };
};

/** The creator's moderation log, newest first: for the creator and their moderators. */
export const readLog = async (db: D1Database, user: SessionUser, room: string) =>
  listLog(db, await requireRole(db, user, room, false), LOG_LINES);

export const updateRules = async (acting: Acting, rules: ChatRules) => {
  const creatorId = await requireRole(acting.env.DB, acting.actor, acting.room, true);
  await record(
    acting,
    creatorId,
    upsertRules(creatorId, rules, acting.now.toISOString()),
    'update_rules',
    null,
    `slow ${rules.slowModeSeconds}s, followers ${rules.followersOnlyMinutes ?? 'off'}, ` +
      `${rules.blockedTerms.length} terms, links ${rules.linksAllowed ? 'on' : 'off'}`,
  );
};

export const addModerator = async (acting: Acting, username: string) => {
  const db = acting.env.DB;
  const creatorId = await requireRole(db, acting.actor, acting.room, true);
  const target = await requireUserNamed(db, username);
  if (target.id === creatorId) throw badRequest(MODERATION_ERRORS.selfModerator);
  if ((await countModerators(db, creatorId)) >= MODERATION_LIMITS.moderatorsMax) {
    throw conflict(MODERATION_ERRORS.tooManyModerators);
  }
  await record(
    acting,
    creatorId,
    insertModerator(creatorId, target.id, acting.now.toISOString()),
    'add_moderator',
    target,
  );
};

export const removeModerator = async (acting: Acting, username: string) => {
  const db = acting.env.DB;
  const creatorId = await requireRole(db, acting.actor, acting.room, true);
  const target = await requireUserNamed(db, username);
  await record(acting, creatorId, deleteModerator(creatorId, target.id), 'remove_moderator', target);
};

/** A timeout of `minutes`, or a ban without. The creator and moderators are out of reach. */
export const sanction = async (acting: Acting, username: string, minutes: number | undefined) => {
  const db = acting.env.DB;
  const creatorId = await requireRole(db, acting.actor, acting.room, false);
  const target = await requireUserNamed(db, username);
  if (target.id === creatorId || (await isModerator(db, creatorId, target.id))) {
    throw forbidden(MODERATION_ERRORS.protectedUser);
  }
  const untilMs = minutes === undefined ? null : timeoutUntil(acting.now.getTime(), minutes);
  await record(
    acting,
    creatorId,
    upsertSanction(creatorId, target.id, untilMs, acting.actor.id, acting.now.toISOString()),
    untilMs === null ? 'ban' : 'timeout',
    target,
    minutes === undefined ? null : `${minutes} min`,
  );
};

export const liftSanction = async (acting: Acting, username: string) => {
  const db = acting.env.DB;
  const creatorId = await requireRole(db, acting.actor, acting.room, false);
  const target = await requireUserNamed(db, username);
  await record(acting, creatorId, deleteSanction(creatorId, target.id), 'unban', target);
};

/** Deletes one message from every chat of the room and logs it with its author and (shortened) text. */
export const deleteMessage = async ({ env, actor, room, now }: Acting, messageId: string) => {
  const creatorId = await requireRole(env.DB, actor, room, false);
  const message = await deleteChatMessage(env, room, messageId);
  if (!message) throw notFound(MODERATION_ERRORS.messageNotFound);
  const line = {
    creatorId,
    actorId: actor.id,
    action: 'delete_message' as const,
    targetUserId: message.userId,
    detail: message.message.slice(0, 100),
  };
  await prepare(env.DB, insertLogLine(line, now.toISOString())).run();
};

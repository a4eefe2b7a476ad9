import * as z from 'zod/mini';
import { LIMITS } from './constants';

/**
 * A creator's chat moderation (issue 24 §1): the rules every one of their rooms applies to each
 * send, the sanctions on a user, and the actions moderators take. The rooms enforce them
 * (`party/moderation.ts`); the worker stores them and is the only one that changes them.
 */
export const MODERATION_LIMITS = {
  slowModeMaxSeconds: 600,
  followersOnlyMaxMinutes: 60 * 24 * 90,
  blockedTermsMax: 100,
  blockedTermMaxLength: 50,
  moderatorsMax: 50,
} as const;

/** A user a moderator names: looked up by the worker, so only its shape is checked here. */
const UsernameSchema = z
  .string({ error: 'Username is required' })
  .check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(LIMITS.usernameMax));

/** The timeouts a moderator may give, in minutes. */
export const TIMEOUT_MINUTES = [1, 10, 60] as const;

export const ChatRulesSchema = z.object({
  /** One message per this many seconds per user; 0 is off. */
  slowModeSeconds: z.int().check(z.gte(0), z.lte(MODERATION_LIMITS.slowModeMaxSeconds)),
  /** Only users following the creator for at least this many minutes may send; null is off. */
  followersOnlyMinutes: z.nullable(z.int().check(z.gte(0), z.lte(MODERATION_LIMITS.followersOnlyMaxMinutes))),
  /** A message containing one of these (case- and accent-insensitive) is refused to its sender. */
  blockedTerms: z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'A blocked term cannot be empty'),
          z.maxLength(
            MODERATION_LIMITS.blockedTermMaxLength,
            `A blocked term must be at most ${MODERATION_LIMITS.blockedTermMaxLength} characters`,
          ),
        ),
    )
    .check(
      z.maxLength(
        MODERATION_LIMITS.blockedTermsMax,
        `At most ${MODERATION_LIMITS.blockedTermsMax} blocked terms`,
      ),
    ),
  linksAllowed: z.boolean(),
});
export type ChatRules = z.infer<typeof ChatRulesSchema>;

/** A new creator's rooms: no slow mode, everyone may speak, no terms, no links. */
export const DEFAULT_CHAT_RULES: ChatRules = {
  slowModeSeconds: 0,
  followersOnlyMinutes: null,
  blockedTerms: [],
  linksAllowed: false,
};

/** What stops a user from sending: a ban until lifted, or a timeout until a time (epoch ms). */
export type ChatSanction = { kind: 'ban' } | { kind: 'timeout'; until: number };

/** `POST /api/chat/moderation/sanctions`: a timeout (minutes) or, without minutes, a ban. */
export const SanctionBodySchema = z.object({
  username: UsernameSchema,
  minutes: z.optional(z.union(TIMEOUT_MINUTES.map((minutes) => z.literal(minutes)))),
});

/** `POST /api/chat/moderation/moderators`. */
export const ModeratorBodySchema = z.object({ username: UsernameSchema });

export const ModerationActionSchema = z.enum([
  'delete_message',
  'timeout',
  'ban',
  'unban',
  'add_moderator',
  'remove_moderator',
  'update_rules',
  // Comments on the creator's videos and shorts (issue 24 §2).
  'delete_comment',
  'pin_comment',
  'unpin_comment',
  'approve_comment',
]);
export type ModerationAction = z.infer<typeof ModerationActionSchema>;

/** A line of the moderation log: who did what to whom and when. */
export const ModerationLogEntrySchema = z.object({
  id: z.string(),
  action: ModerationActionSchema,
  actor: z.string(),
  target: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;

/** Who the caller is in a room: the controls the chat panel shows follow this. */
export const ChatRoleSchema = z.enum(['creator', 'moderator', 'viewer']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

export const SanctionListingSchema = z.object({
  username: z.string(),
  kind: z.enum(['ban', 'timeout']),
  /** A timeout's end (ISO); null for a ban. */
  until: z.nullable(z.string()),
});
export type SanctionListing = z.infer<typeof SanctionListingSchema>;

/**
 * `GET /api/chat/{room}/moderation`: the caller's role, and for the creator and moderators the
 * rules, moderators and sanctions (a viewer gets the role alone: blocked terms are not theirs to read).
 */
export const ChatModerationSchema = z.object({
  role: ChatRoleSchema,
  rules: z.nullable(ChatRulesSchema),
  moderators: z.array(z.string()),
  sanctions: z.array(SanctionListingSchema),
});
export type ChatModeration = z.infer<typeof ChatModerationSchema>;

/** The refusals of the moderation routes the spec does not word. */
export const MODERATION_ERRORS = {
  notModerator: 'Only the streamer and their moderators can do that',
  notCreator: 'Only the streamer can do that',
  userNotFound: 'User not found',
  selfModerator: 'You already moderate your own chat',
  tooManyModerators: `At most ${MODERATION_LIMITS.moderatorsMax} moderators`,
  protectedUser: 'The streamer and moderators cannot be timed out or banned',
  messageNotFound: 'Message not found',
} as const;

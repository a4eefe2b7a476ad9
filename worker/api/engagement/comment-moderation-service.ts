import { blockedTermIn } from '../../../party/moderation';
import type { ModerationAction } from '../../../schema/chat-moderation';
import { COMMENT_MODERATION_ERRORS, type CommentModeration } from '../../../schema/comment-moderation';
import type { ContentKind } from '../../../schema/engagement';
import type { SessionUser } from '../../../schema/user';
import { badRequest, forbidden } from '../../lib/errors';
import { prepare } from '../../lib/sql';
import { insertLogLine } from '../chat/moderation-queries';
import {
  getCommentStanding,
  listHeldComments,
  pinComment,
  releaseComment,
  unpinComment,
} from './comment-moderation-queries';
import { getCommentFacts, recount, totalOf } from './comments-queries';
import { assertContent, commentNotFound, contentNotFound, now, typeOfKind } from './content-kind';

/**
 * Comments on a creator's own content (issue 24 §2): the creator and their moderators (the chat's,
 * for all the creator's content) delete any comment, pin one, and approve or delete the comments
 * held because they contain one of the creator's blocked terms (matched as the chat rooms do).
 * Every moderator action is written with its line of the creator's moderation log in one batch.
 */

/** The content a comment call names (as comments-service's `CommentTarget`). */
type CommentTarget = { kind: ContentKind; videoId: string };

type Standing = NonNullable<Awaited<ReturnType<typeof getCommentStanding>>>;

/** The caller's standing on content they may see (404 otherwise). */
export const standingOn = async (db: D1Database, caller: SessionUser, target: CommentTarget) => {
  await assertContent(db, target, caller.id);
  const standing = await getCommentStanding(db, target.videoId, caller.id);
  if (!standing) throw contentNotFound(target.kind);
  return standing;
};

/**
 * Whether `text` from someone of this standing waits for review: it holds a blocked term and its
 * author is neither the creator nor a moderator (exempt, as in chat).
 */
export const holdsFor = (standing: Standing, text: string) =>
  !standing.canModerate && blockedTermIn(text, standing.blockedTerms) !== null;

/** The log line of a moderator's action on a comment, naming its author and (shortened) text. */
export const logLine = (
  db: D1Database,
  standing: Standing,
  actor: SessionUser,
  action: ModerationAction,
  comment: { authorId: string; content: string },
) =>
  prepare(
    db,
    insertLogLine(
      {
        creatorId: standing.creatorId,
        actorId: actor.id,
        action,
        targetUserId: comment.authorId,
        detail: comment.content.slice(0, 100),
      },
      now(),
    ),
  );

/** The comment, on content the caller moderates (404 for either unknown, 403 for a non-moderator). */
const moderatedComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget & { commentId: string },
) => {
  const standing = await standingOn(db, caller, target);
  if (!standing.canModerate) throw forbidden(COMMENT_MODERATION_ERRORS.notModerator);
  const comment = await getCommentFacts(db, target.commentId, target.videoId);
  if (!comment) throw commentNotFound();
  return { standing, comment };
};

/** Pins (or with `on` false unpins) a published top-level comment; answers the pinned id. */
export const setPinned = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget & { commentId: string },
  on: boolean,
) => {
  const { standing, comment } = await moderatedComment(db, caller, target);
  if (!on) {
    await db.batch([unpinComment(db, target), logLine(db, standing, caller, 'unpin_comment', comment)]);
    return { pinnedId: null };
  }
  if (comment.parentId !== null || comment.held) throw badRequest(COMMENT_MODERATION_ERRORS.notPinnable);
  const log = logLine(db, standing, caller, 'pin_comment', comment);
  if (!(await pinComment(db, { ...target, pinnedAt: now() }, [log]))) throw commentNotFound();
  return { pinnedId: target.commentId };
};

/** Publishes a held comment and counts it. */
export const approveComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget & { commentId: string },
) => {
  const { standing, comment } = await moderatedComment(db, caller, target);
  if (!comment.held) throw badRequest(COMMENT_MODERATION_ERRORS.notHeld);
  const [, counted] = await db.batch([
    releaseComment(db, target),
    recount(db, target.videoId, typeOfKind(target.kind), caller.id),
    logLine(db, standing, caller, 'approve_comment', comment),
  ]);
  return { approved: true as const, commentCount: totalOf(counted) ?? 0 };
};

/** Whether the caller moderates this content, and the held comments they may see. */
export const readCommentModeration = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget,
): Promise<CommentModeration> => {
  const { canModerate } = await standingOn(db, caller, target);
  return { canModerate, held: await listHeldComments(db, target.videoId, canModerate ? null : caller.id) };
};

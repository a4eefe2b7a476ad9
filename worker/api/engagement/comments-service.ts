import type { CommentEntry, CommentThread, ContentKind, CreateCommentBody } from '../../../schema/engagement';
import type { SessionUser } from '../../../schema/user';
import { forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertSelf } from '../../lib/session';
import { holdsFor, logLine, standingOn } from './comment-moderation-service';
import { buildThreads } from './comment-threads';
import {
  deleteCommentThread,
  getCommentByIdempotencyKey,
  getCommentFacts,
  insertComment,
  listCommentEntries,
  updateCommentContent,
} from './comments-queries';
import { assertContent, commentNotFound, contentNotFound, now, typeOfKind } from './content-kind';

/** Where a comment call points: the path's content and, for edits and deletes, the comment. */
export type CommentTarget = { kind: ContentKind; videoId: string };

const authorOf = (user: SessionUser): CommentEntry['user'] => ({
  username: user.username,
  avatar: user.avatar,
  fullName: user.fullName,
});

/**
 * Adds the caller's comment, or reply when `parentId` names a published comment of the same
 * content; one with a blocked term of the creator is held for review (issue 24 §2).
 */
export const addComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget,
  body: CreateCommentBody,
  idempotencyKey: string | null,
): Promise<CommentThread> => {
  assertSelf(caller, body.userId);
  const replay = async () => {
    const first = idempotencyKey ? await getCommentByIdempotencyKey(db, idempotencyKey) : null;
    return first && { comment: first, user: authorOf(caller), replies: [] };
  };
  // Sent again (a queued comment whose answer was lost): the first comment, nothing new.
  const earlier = await replay();
  if (earlier) return earlier;
  const held = holdsFor(await standingOn(db, caller, target), body.content);
  const comment = {
    id: newId(),
    videoId: target.videoId,
    userId: caller.id,
    parentId: body.parentId ?? null,
    content: body.content,
    createdAt: now(),
  };
  const result = await insertComment(db, { ...comment, type: typeOfKind(target.kind), idempotencyKey, held });
  if (result.total === null) throw contentNotFound(target.kind);
  if (!result.inserted) {
    // A racing request with the same key got in first.
    const raced = await replay();
    if (raced) return raced;
    throw commentNotFound();
  }
  return {
    comment: { ...comment, updatedAt: null, pinned: false, held },
    user: authorOf(caller),
    replies: [],
  };
};

const NOT_YOURS = 'You can only change your own comments';

/** The content exists and the comment is on it (404, 404): the comment's facts. */
const findComment = async (db: D1Database, caller: SessionUser, target: CommentTarget, commentId: string) => {
  await assertContent(db, target, caller.id);
  const comment = await getCommentFacts(db, commentId, target.videoId);
  if (!comment) throw commentNotFound();
  return comment;
};

/**
 * Deletes a comment with its replies: the caller's own (the spec's "delete own video comments"), or any on content the
 * caller moderates, logged (issue 24 §2); 403 for anyone else. Answers the new comment count.
 */
export const removeComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget & { commentId: string; userId: string },
) => {
  assertSelf(caller, target.userId);
  const comment = await findComment(db, caller, target, target.commentId);
  const type = typeOfKind(target.kind);
  if (comment.authorId === caller.id) {
    const commentCount = await deleteCommentThread(db, { ...target, type, authorId: caller.id });
    return { deleted: true as const, commentCount };
  }
  const standing = await standingOn(db, caller, target);
  if (!standing.canModerate) throw forbidden(NOT_YOURS);
  const log = logLine(db, standing, caller, 'delete_comment', comment);
  const commentCount = await deleteCommentThread(db, { ...target, type, authorId: null }, [log]);
  return { deleted: true as const, commentCount };
};

/** Replaces the text of the caller's comment; a blocked term in the new text holds it for review. */
export const editComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget & { commentId: string; userId: string; content: string },
): Promise<CommentEntry> => {
  assertSelf(caller, target.userId);
  const found = await findComment(db, caller, target, target.commentId);
  if (found.authorId !== caller.id) throw forbidden(NOT_YOURS);
  const hold = holdsFor(await standingOn(db, caller, target), target.content);
  const comment = await updateCommentContent(db, {
    ...target,
    type: typeOfKind(target.kind),
    updatedAt: now(),
    hold,
  });
  if (!comment) throw commentNotFound();
  return { comment, user: authorOf(caller) };
};

export const listComments = async (
  db: D1Database,
  target: CommentTarget & { viewerId: string | null },
  page: { limit: number; offset: number },
) => {
  await assertContent(db, target, target.viewerId);
  return buildThreads(await listCommentEntries(db, target.videoId, page));
};

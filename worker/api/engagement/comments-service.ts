import type { CommentEntry, CommentThread, ContentKind, CreateCommentBody } from '../../../schema/engagement';
import type { SessionUser } from '../../../schema/user';
import { forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertSelf } from '../../lib/session';
import { buildThreads } from './comment-threads';
import {
  deleteCommentThread,
  getCommentAuthorId,
  getCommentByIdempotencyKey,
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

/** Adds the caller's comment, or reply when `parentId` names a comment of the same content. */
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
  const comment = {
    id: newId(),
    videoId: target.videoId,
    userId: caller.id,
    parentId: body.parentId ?? null,
    content: body.content,
    createdAt: now(),
  };
  const result = await insertComment(db, { ...comment, type: typeOfKind(target.kind), idempotencyKey });
  if (result.total === null) throw contentNotFound(target.kind);
  if (!result.inserted) {
    // A racing request with the same key got in first.
    const raced = await replay();
    if (raced) return raced;
    throw commentNotFound();
  }
  return { comment: { ...comment, updatedAt: null }, user: authorOf(caller), replies: [] };
};

/** The content exists, the comment is on it, and the caller wrote it (404, 404, 403). */
const assertOwnComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget,
  commentId: string,
) => {
  await assertContent(db, target, caller.id);
  const authorId = await getCommentAuthorId(db, commentId, target.videoId);
  if (authorId === null) throw commentNotFound();
  if (authorId !== caller.id) throw forbidden('You can only change your own comments');
};

/** Deletes the caller's comment with its replies; answers the content's new comment count. */
export const removeComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget & { commentId: string; userId: string },
) => {
  assertSelf(caller, target.userId);
  await assertOwnComment(db, caller, target, target.commentId);
  const commentCount = await deleteCommentThread(db, { ...target, type: typeOfKind(target.kind) });
  return { deleted: true as const, commentCount };
};

/** Replaces the text of the caller's comment. */
export const editComment = async (
  db: D1Database,
  caller: SessionUser,
  target: CommentTarget & { commentId: string; userId: string; content: string },
): Promise<CommentEntry> => {
  assertSelf(caller, target.userId);
  await assertOwnComment(db, caller, target, target.commentId);
  const comment = await updateCommentContent(db, { ...target, updatedAt: now() });
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

import { useMutation, useQuery } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import type { CommentEntry, CommentThread } from '../../../schema/engagement';
import { clampCount } from './counts';
import {
  type AddCommentVariables,
  commentCountScope,
  type DeleteCommentVariables,
  engagementKeys,
} from './keys';
import { usePendingVariables } from './pending';
import { commentsQueryOptions } from './queries';
import { useCommentModeration } from './use-comment-moderation';
import { useEngagementClient } from './use-engagement-client';
import { kindOf } from './use-like';

/** A comment or reply as listed: the server's, or one of ours still pending under its temporary id. */
export type ShownEntry = CommentEntry & { pending: boolean };
/** A top-level comment with every reply below it, flattened in reading order (oldest first). */
export type ShownComment = ShownEntry & { replies: ShownEntry[] };

const pendingEntry = (vars: AddCommentVariables): ShownEntry => ({
  comment: {
    id: vars.tempId,
    videoId: vars.videoId,
    userId: vars.userId,
    parentId: vars.parentId ?? null,
    content: vars.content,
    createdAt: vars.createdAt,
    updatedAt: null,
  },
  user: vars.author,
  pending: true,
});

/** The replies of a thread at every depth, each followed by its own, without the hidden ones. */
const flatReplies = (threads: readonly CommentThread[], hidden: ReadonlySet<string>): ShownEntry[] =>
  threads
    .filter((reply) => !hidden.has(reply.comment.id))
    .flatMap(({ replies, ...entry }) => [{ ...entry, pending: false }, ...flatReplies(replies, hidden)]);

/**
 * Top-level comments newest first (ours pending on top), each with its replies; a pending reply
 * shows at the end of the thread it answers.
 */
function listedComments(
  threads: readonly CommentThread[],
  adding: readonly AddCommentVariables[],
  hidden: ReadonlySet<string>,
): ShownComment[] {
  const shown: ShownComment[] = [
    ...adding
      .filter((vars) => !vars.parentId)
      .map((vars) => ({ ...pendingEntry(vars), replies: [] }))
      .reverse(),
    ...threads
      .filter((thread) => !hidden.has(thread.comment.id))
      .map(({ replies, ...entry }) => ({ ...entry, pending: false, replies: flatReplies(replies, hidden) })),
  ];
  for (const vars of adding) {
    if (!vars.parentId) continue;
    const thread = shown.find(
      (item) =>
        item.comment.id === vars.parentId || item.replies.some((reply) => reply.comment.id === vars.parentId),
    );
    thread?.replies.push(pendingEntry(vars));
  }
  return shown;
}

/** What the list offers the creator and their moderators (issue 24 §2). */
export type CommentModerationView = {
  canModerate: boolean;
  /** Held for review, for moderators: shown apart with Approve / Delete. */
  held: ShownEntry[];
  setPinned: (commentId: string, on: boolean) => void;
  approve: (commentId: string) => void;
};

/** The author's held comments on top, their held replies at the end of the thread they answer. */
function withOwnHeld(shown: ShownComment[], own: readonly ShownEntry[]): ShownComment[] {
  const threads = [
    ...own.filter((entry) => entry.comment.parentId === null).map((entry) => ({ ...entry, replies: [] })),
    ...shown,
  ];
  for (const reply of own) {
    const { parentId } = reply.comment;
    if (parentId === null) continue;
    const thread = threads.find(
      (item) => item.comment.id === parentId || item.replies.some((r) => r.comment.id === parentId),
    );
    if (thread) thread.replies = [...thread.replies, reply];
  }
  return threads;
}

/**
 * Comments of a video or short (loaded when `enabled`) and the actions on them. A new comment or
 * reply shows at once as pending; the server's replaces it on success; on failure it disappears and the
 * count drops back. Deleting hides the comment until the server confirms. A comment held for review
 * shows to its author on top, marked; the creator and moderators get the held ones apart.
 */
export function useComments(video: Video, enabled: boolean, onSignedOut: () => void) {
  const { user } = useEngagementClient();
  const kind = kindOf(video);
  const query = useQuery(commentsQueryOptions(kind, video.id, enabled));
  const adding = usePendingVariables<AddCommentVariables>(
    engagementKeys.addComment,
    (vars) => vars.videoId === video.id,
  );
  const deleting = usePendingVariables<DeleteCommentVariables>(
    engagementKeys.deleteComment,
    (vars) => vars.videoId === video.id,
  );
  const add = useMutation<unknown, Error, AddCommentVariables>({
    mutationKey: engagementKeys.addComment,
    scope: commentCountScope(video.id),
  });
  const remove = useMutation<unknown, Error, DeleteCommentVariables>({
    mutationKey: engagementKeys.deleteComment,
    scope: commentCountScope(video.id),
  });

  const moderation = useCommentModeration(kind, video.id, user?.id, enabled);

  const hidden = new Set(deleting.map((vars) => vars.commentId));
  const held: ShownEntry[] = moderation.held
    .filter((entry) => !hidden.has(entry.comment.id))
    .map((entry) => ({ ...entry, pending: false }));
  const heldIds = new Set(moderation.held.map((entry) => entry.comment.id));
  const ownHeld = moderation.canModerate ? [] : held;
  const comments = withOwnHeld(listedComments(query.data ?? [], adding, hidden), ownHeld);

  /**
   * Sends a trimmed comment, or a reply to `parentId`; answers false (doing nothing) when it is
   * empty or nobody is signed in. A reply is queued offline like any comment.
   */
  const addComment = (text: string, parentId: string | null = null): boolean => {
    const content = text.trim();
    if (!user) {
      onSignedOut();
      return false;
    }
    if (!content) return false;
    add.mutate({
      kind,
      videoId: video.id,
      userId: user.id,
      content,
      parentId,
      tempId: `temp-${crypto.randomUUID()}`,
      createdAt: new Date().toISOString(),
      author: { username: user.username, fullName: user.fullName, avatar: user.avatar },
    });
    return true;
  };

  const deleteComment = (commentId: string) => {
    if (!user) return onSignedOut();
    remove.mutate({ kind, videoId: video.id, userId: user.id, commentId });
  };

  return {
    comments,
    // A held comment was never counted: deleting it takes nothing off.
    count: clampCount(
      video.comments + adding.length - deleting.filter((vars) => !heldIds.has(vars.commentId)).length,
    ),
    isPending: query.isPending && enabled,
    viewerId: user?.id ?? null,
    addComment,
    deleteComment,
    moderation: {
      canModerate: moderation.canModerate,
      held: moderation.canModerate ? held : [],
      setPinned: moderation.setPinned,
      approve: moderation.approve,
    } satisfies CommentModerationView,
  };
}

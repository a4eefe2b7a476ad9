import { useMutation, useQuery } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import type { CommentThread } from '../../../schema/engagement';
import { clampCount } from './counts';
import { type AddCommentVariables, type DeleteCommentVariables, engagementKeys } from './keys';
import { usePendingVariables } from './pending';
import { commentsQueryOptions } from './queries';
import { useEngagementClient } from './use-engagement-client';
import { kindOf } from './use-like';

/** A comment as listed: the server's, or one of ours still pending under its temporary id. */
export type ShownComment = CommentThread & { pending: boolean };

const pendingThread = (vars: AddCommentVariables): ShownComment => ({
  comment: {
    id: vars.tempId,
    videoId: vars.videoId,
    userId: vars.userId,
    parentId: null,
    content: vars.content,
    createdAt: vars.createdAt,
    updatedAt: null,
  },
  user: vars.author,
  replies: [],
  pending: true,
});

/**
 * Comments of a video or short (loaded when `enabled`) and the actions on them. A new comment
 * shows at once as pending; the server's replaces it on success; on failure it disappears and the
 * count drops back. Deleting hides the comment until the server confirms.
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
  const add = useMutation<unknown, Error, AddCommentVariables>({ mutationKey: engagementKeys.addComment });
  const remove = useMutation<unknown, Error, DeleteCommentVariables>({
    mutationKey: engagementKeys.deleteComment,
  });

  const hidden = new Set(deleting.map((vars) => vars.commentId));
  const comments: ShownComment[] = [
    ...adding.map(pendingThread).reverse(),
    ...(query.data ?? [])
      .filter((thread) => !hidden.has(thread.comment.id))
      .map((thread) => ({ ...thread, pending: false })),
  ];

  /** Sends a trimmed comment; answers false (doing nothing) when it is empty or nobody is signed in. */
  const addComment = (text: string): boolean => {
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
    count: clampCount(video.comments + adding.length - deleting.length),
    isPending: query.isPending && enabled,
    viewerId: user?.id ?? null,
    addComment,
    deleteComment,
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '../../../schema/engagement';
import { type ModerateCommentVariables, setCommentPinned } from './api';
import { approveCommentKey, commentCountScope, engagementQueryKeys } from './keys';
import { commentModerationQueryOptions } from './queries';

/**
 * The viewer's side of comment moderation on one video or short (issue 24 §2): whether they
 * moderate it (its creator or one of their moderators), the held comments they may see (all for
 * moderators, their own for anyone else), and Pin / Unpin / Approve. These need the network: a
 * failure leaves the list as the server has it.
 */
export function useCommentModeration(
  kind: ContentKind,
  videoId: string,
  userId: string | undefined,
  enabled: boolean,
) {
  const client = useQueryClient();
  const query = useQuery(commentModerationQueryOptions(kind, videoId, userId, enabled));
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: engagementQueryKeys.comments(kind, videoId) }),
      client.invalidateQueries({ queryKey: engagementQueryKeys.commentModeration(kind, videoId) }),
    ]);
  const pin = useMutation({
    mutationFn: (vars: ModerateCommentVariables & { on: boolean }) => setCommentPinned(vars),
    onSettled: refresh,
  });
  // Its answer's count is stored by the engagement defaults (useComments has registered them).
  const approve = useMutation<unknown, Error, ModerateCommentVariables>({
    mutationKey: approveCommentKey,
    scope: commentCountScope(videoId),
    onSettled: refresh,
  });
  return {
    canModerate: query.data?.canModerate ?? false,
    held: query.data?.held ?? [],
    setPinned: (commentId: string, on: boolean) => pin.mutate({ kind, videoId, commentId, on }),
    approve: (commentId: string) => approve.mutate({ kind, videoId, commentId }),
  };
}

import { queryOptions, skipToken } from '@tanstack/react-query';
import { LIMITS } from '../../../schema/constants';
import type { ContentKind } from '../../../schema/engagement';
import { checkBookmarked, checkFollowing, checkLiked, listComments, readCommentModeration } from './api';
import { engagementQueryKeys } from './keys';

/*
 * What the signed-in viewer has done (`/check` calls) and comment lists; no user, no call. Asked
 * again on every mount: the saved cache is written at most once a second, so after a quick reload
 * it may predate the last like or comment.
 */
const ALWAYS_FRESH = { staleTime: 0 } as const;

export const likedQueryOptions = (kind: ContentKind, id: string, userId: string | undefined) =>
  queryOptions({
    queryKey: engagementQueryKeys.liked(kind, id, userId ?? ''),
    ...ALWAYS_FRESH,
    queryFn: userId ? ({ signal }) => checkLiked(kind, id, userId, signal) : skipToken,
  });

export const bookmarkedQueryOptions = (id: string, userId: string | undefined) =>
  queryOptions({
    queryKey: engagementQueryKeys.bookmarked(id, userId ?? ''),
    ...ALWAYS_FRESH,
    queryFn: userId ? ({ signal }) => checkBookmarked(id, userId, signal) : skipToken,
  });

export const followingQueryOptions = (followerId: string | undefined, followingId: string) =>
  queryOptions({
    queryKey: engagementQueryKeys.following(followerId ?? '', followingId),
    ...ALWAYS_FRESH,
    queryFn:
      followerId && followerId !== followingId
        ? ({ signal }) => checkFollowing(followerId, followingId, signal)
        : skipToken,
  });

export const commentsQueryOptions = (kind: ContentKind, videoId: string, enabled = true) =>
  queryOptions({
    queryKey: engagementQueryKeys.comments(kind, videoId),
    ...ALWAYS_FRESH,
    queryFn: enabled ? ({ signal }) => listComments(kind, videoId, LIMITS.videoComments, signal) : skipToken,
  });

/** Asked only for a signed-in viewer of open comments: visitors neither moderate nor have held comments. */
export const commentModerationQueryOptions = (
  kind: ContentKind,
  videoId: string,
  userId: string | undefined,
  enabled = true,
) =>
  queryOptions({
    queryKey: engagementQueryKeys.commentModeration(kind, videoId, userId ?? ''),
    ...ALWAYS_FRESH,
    queryFn: enabled && userId ? ({ signal }) => readCommentModeration(kind, videoId, signal) : skipToken,
  });

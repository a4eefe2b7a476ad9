import * as z from 'zod/mini';
import {
  BookmarkCheckSchema,
  BookmarkStateSchema,
  CommentDeletedSchema,
  CommentThreadSchema,
  type ContentKind,
  FollowCheckSchema,
  FollowStateSchema,
  LikeCheckSchema,
  LikeStateSchema,
  SHARE_PLATFORM_DEFAULTS,
  ShareCreatedSchema,
} from '../../../schema/engagement';
import { apiDelete, apiGet, apiPost, withQuery } from '../../lib/api';
import type {
  AddCommentVariables,
  BookmarkVariables,
  DeleteCommentVariables,
  FollowVariables,
  LikeVariables,
  ShareVariables,
} from './keys';

/* The engagement calls of content §7, one function each. */

const markBody = (kind: ContentKind, id: string, userId: string) =>
  kind === 'videos' ? { userId, videoId: id } : { userId, shortId: id };

export function setLike({ kind, id, userId, on }: LikeVariables) {
  const path = `/api/users/likes/${kind}`;
  const body = markBody(kind, id, userId);
  return on ? apiPost(path, body, LikeStateSchema) : apiDelete(path, LikeStateSchema, body);
}

export function setBookmark({ id, userId, on }: BookmarkVariables) {
  const path = '/api/users/bookmarks/shorts';
  const body = { userId, shortId: id };
  return on ? apiPost(path, body, BookmarkStateSchema) : apiDelete(path, BookmarkStateSchema, body);
}

export function setFollow({ followerId, followingId, on }: FollowVariables) {
  const body = { followerId, followingId };
  return on
    ? apiPost('/api/users/follow', body, FollowStateSchema)
    : apiDelete('/api/users/follow', FollowStateSchema, body);
}

/**
 * The pending comment's temporary id is its Idempotency-Key: it is saved with the queued mutation,
 * so a comment sent again after a lost answer, a reload or a closed tab is still one comment.
 */
export function addComment({ kind, videoId, userId, content, tempId }: AddCommentVariables) {
  return apiPost(
    `/api/comments/${kind}/${videoId}`,
    { userId, content, parentId: null },
    CommentThreadSchema,
    { headers: { 'Idempotency-Key': tempId } },
  );
}

export function deleteComment({ kind, videoId, userId, commentId }: DeleteCommentVariables) {
  return apiDelete(`/api/comments/${kind}/${videoId}/${commentId}`, CommentDeletedSchema, { userId });
}

export function shareContent({ kind, id, userId, shareUrl }: ShareVariables) {
  const body = { userId, platform: SHARE_PLATFORM_DEFAULTS[kind], shareUrl };
  return apiPost(`/api/shares/${kind}/${id}`, body, ShareCreatedSchema);
}

export async function checkLiked(kind: ContentKind, id: string, userId: string, signal: AbortSignal) {
  const path = withQuery(`/api/users/likes/${kind}/check`, markBody(kind, id, userId));
  return (await apiGet(path, LikeCheckSchema, { signal })).isLiked;
}

export async function checkBookmarked(id: string, userId: string, signal: AbortSignal) {
  const path = withQuery('/api/users/bookmarks/shorts/check', { userId, shortId: id });
  return (await apiGet(path, BookmarkCheckSchema, { signal })).isBookmarked;
}

export async function checkFollowing(followerId: string, followingId: string, signal: AbortSignal) {
  const path = withQuery('/api/users/follow/check', { followerId, followingId });
  return (await apiGet(path, FollowCheckSchema, { signal })).isFollowing;
}

export function listComments(kind: ContentKind, videoId: string, limit: number, signal: AbortSignal) {
  const path = withQuery(`/api/comments/${kind}/${videoId}`, { limit, offset: 0 });
  return apiGet(path, z.array(CommentThreadSchema), { signal });
}

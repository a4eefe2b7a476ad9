import * as z from 'zod/mini';
import {
  CommentApprovedSchema,
  CommentModerationSchema,
  CommentPinSchema,
} from '../../../schema/comment-moderation';
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
  ShareCreatedSchema,
} from '../../../schema/engagement';
import { apiGet, apiRequest, withQuery } from '../../lib/api';
import type {
  AddCommentVariables,
  BookmarkVariables,
  DeleteCommentVariables,
  FollowVariables,
  LikeVariables,
  ShareVariables,
} from './keys';
import {
  addCommentRequest,
  bookmarkRequest,
  deleteCommentRequest,
  type EngagementRequest,
  followRequest,
  likeRequest,
  markBody,
  shareRequest,
} from './requests';

/* The engagement calls of content §7, one function each; the writes' requests come from requests.ts. */

/** Sends a built write and parses its answer with `schema`. */
const send = <S extends z.ZodMiniType>({ method, path, body, headers }: EngagementRequest, schema: S) =>
  apiRequest(method, path, schema, body, { headers });

export const setLike = (vars: LikeVariables) => send(likeRequest(vars), LikeStateSchema);

export const setBookmark = (vars: BookmarkVariables) => send(bookmarkRequest(vars), BookmarkStateSchema);

export const setFollow = (vars: FollowVariables) => send(followRequest(vars), FollowStateSchema);

export const addComment = (vars: AddCommentVariables) => send(addCommentRequest(vars), CommentThreadSchema);

export const deleteComment = (vars: DeleteCommentVariables) =>
  send(deleteCommentRequest(vars), CommentDeletedSchema);

export const shareContent = (vars: ShareVariables) => send(shareRequest(vars), ShareCreatedSchema);

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

/** Whether the viewer moderates this content, and the held comments they may see (issue 24 §2). */
export function readCommentModeration(kind: ContentKind, videoId: string, signal: AbortSignal) {
  return apiGet(`/api/comments/${kind}/${videoId}/moderation`, CommentModerationSchema, { signal });
}

/** Moderator actions are online only (not queued): they answer to what the moderator sees now. */
export type ModerateCommentVariables = { kind: ContentKind; videoId: string; commentId: string };

export const setCommentPinned = ({
  kind,
  videoId,
  commentId,
  on,
}: ModerateCommentVariables & { on: boolean }) =>
  apiRequest(on ? 'POST' : 'DELETE', `/api/comments/${kind}/${videoId}/${commentId}/pin`, CommentPinSchema);

export const approveComment = ({ kind, videoId, commentId }: ModerateCommentVariables) =>
  apiRequest('POST', `/api/comments/${kind}/${videoId}/${commentId}/approve`, CommentApprovedSchema);

export function listComments(kind: ContentKind, videoId: string, limit: number, signal: AbortSignal) {
  const path = withQuery(`/api/comments/${kind}/${videoId}`, { limit, offset: 0 });
  return apiGet(path, z.array(CommentThreadSchema), { signal });
}

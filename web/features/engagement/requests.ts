import { type ContentKind, SHARE_PLATFORM_DEFAULTS } from '../../../schema/engagement';
import {
  type AddCommentVariables,
  type BookmarkVariables,
  type DeleteCommentVariables,
  engagementKeys,
  type FollowVariables,
  type LikeVariables,
  type ShareVariables,
} from './keys';

/**
 * The HTTP call of each engagement write, built from its mutation variables and nothing else. Pure
 * and free of React and TanStack: the page's mutationFns (api.ts) and the service worker's outbox
 * (web/sw/outbox.ts, which replays the saved queue with no page open) send the very same request,
 * so a comment's body and Idempotency-Key match whichever of them sends it first.
 */
export type EngagementRequest = {
  method: 'POST' | 'DELETE';
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
};

/** How likes (and their checks) name the item: `videoId` for videos, `shortId` for shorts. */
export const markBody = (kind: ContentKind, id: string, userId: string) =>
  kind === 'videos' ? { userId, videoId: id } : { userId, shortId: id };

const toggle = (on: boolean, path: string, body: Record<string, unknown>): EngagementRequest => ({
  method: on ? 'POST' : 'DELETE',
  path,
  body,
  headers: {},
});

export const likeRequest = ({ kind, id, userId, on }: LikeVariables) =>
  toggle(on, `/api/users/likes/${kind}`, markBody(kind, id, userId));

export const bookmarkRequest = ({ id, userId, on }: BookmarkVariables) =>
  toggle(on, '/api/users/bookmarks/shorts', { userId, shortId: id });

export const followRequest = ({ followerId, followingId, on }: FollowVariables) =>
  toggle(on, '/api/users/follow', { followerId, followingId });

/**
 * The pending comment's temporary id is its Idempotency-Key: it is saved with the queued mutation,
 * so a comment sent again after a lost answer, a reload or a closed tab is still one comment.
 */
export const addCommentRequest = ({
  kind,
  videoId,
  userId,
  content,
  parentId,
  tempId,
}: AddCommentVariables) => ({
  method: 'POST' as const,
  path: `/api/comments/${kind}/${videoId}`,
  body: { userId, content, parentId: parentId ?? null },
  headers: { 'Idempotency-Key': tempId },
});

export const deleteCommentRequest = ({ kind, videoId, userId, commentId }: DeleteCommentVariables) =>
  toggle(false, `/api/comments/${kind}/${videoId}/${commentId}`, { userId });

/** A share sent by both the page and the service worker, or resent, is recorded once by its key. */
export const shareRequest = ({ kind, id, userId, shareUrl, key }: ShareVariables): EngagementRequest => ({
  method: 'POST' as const,
  path: `/api/shares/${kind}/${id}`,
  body: { userId, platform: SHARE_PLATFORM_DEFAULTS[kind], shareUrl },
  // A share queued by an earlier release has no key: it is sent as it was then.
  headers: key ? { 'Idempotency-Key': key } : {},
});

/* Variables as the mutation saved them, by mutation key (joined with '/'). */
const builders: Record<string, (variables: never) => EngagementRequest> = {
  [engagementKeys.like.join('/')]: likeRequest,
  [engagementKeys.bookmark.join('/')]: bookmarkRequest,
  [engagementKeys.follow.join('/')]: followRequest,
  [engagementKeys.addComment.join('/')]: addCommentRequest,
  [engagementKeys.deleteComment.join('/')]: deleteCommentRequest,
  [engagementKeys.share.join('/')]: shareRequest,
};

/**
 * The request of a saved engagement mutation, or null for a key that is not engagement's. The
 * variables are the ones this app's own mutation stored with that key (IndexedDB, same origin).
 */
export function engagementRequestFor(
  mutationKey: readonly unknown[] | undefined,
  variables: unknown,
): EngagementRequest | null {
  const build = mutationKey && builders[mutationKey.join('/')];
  if (!build || typeof variables !== 'object' || variables === null) return null;
  return build(variables as never);
}

import type { ContentKind } from '../../../schema/engagement';

/**
 * Mutation keys of engagement. Their defaults (web/features/engagement/mutation-defaults.ts) are
 * registered once the persisted cache is restored, so paused mutations survive a reload.
 */
export const engagementKeys = {
  like: ['engagement', 'like'],
  bookmark: ['engagement', 'bookmark'],
  follow: ['engagement', 'follow'],
  addComment: ['engagement', 'comment', 'add'],
  deleteComment: ['engagement', 'comment', 'delete'],
  share: ['engagement', 'share'],
} as const;

/**
 * Approving a held comment: online only, so outside the outbox's key roots (web/data/outbox-store.ts)
 * and never saved or replayed.
 */
export const approveCommentKey = ['comment-moderation', 'approve'] as const;

/**
 * The scope of every change to a video's comment count (add, delete, approve): they run one after
 * another, so each answer's count is the newest. Sent side by side, a delete and an approve were
 * each answered with the count their own batch saw, and the older one could arrive last and stay.
 */
export const commentCountScope = (videoId: string) => ({ id: `comments:${videoId}` });

export type LikeVariables = { kind: ContentKind; id: string; userId: string; on: boolean };
export type BookmarkVariables = { id: string; userId: string; on: boolean };
export type FollowVariables = { followerId: string; followingId: string; on: boolean };
export type AddCommentVariables = {
  kind: ContentKind;
  videoId: string;
  userId: string;
  content: string;
  /** The comment this one answers; null (or absent, in a comment queued by an earlier release) for a new thread. */
  parentId?: string | null;
  /** Shown while the comment is pending; replaced by the server's id on success. */
  tempId: string;
  createdAt: string;
  author: { username: string; fullName: string; avatar: string };
};
export type DeleteCommentVariables = {
  kind: ContentKind;
  videoId: string;
  userId: string;
  commentId: string;
};
/** `key`: the share's Idempotency-Key, made once when the user shares and saved with the queued share. */
export type ShareVariables = { kind: ContentKind; id: string; userId: string; shareUrl: string; key: string };

/** Query keys of per-viewer engagement state (what `/check` answers) and comment lists. */
export const engagementQueryKeys = {
  liked: (kind: ContentKind, id: string, userId: string) =>
    ['engagement', 'liked', kind, id, userId] as const,
  bookmarked: (id: string, userId: string) => ['engagement', 'bookmarked', id, userId] as const,
  following: (followerId: string, followingId: string) =>
    ['engagement', 'following', followerId, followingId] as const,
  comments: (kind: ContentKind, videoId: string) => ['engagement', 'comments', kind, videoId] as const,
  /** What the viewer may moderate and the held comments they see; without `userId`, every viewer's. */
  commentModeration: (kind: ContentKind, videoId: string, userId?: string) =>
    ['engagement', 'comment-moderation', kind, videoId, ...(userId ? [userId] : [])] as const,
};

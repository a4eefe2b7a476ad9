/**
 * The rows the seeder writes, one type per table (camelCase here, snake_case columns in
 * insert.ts). Counters are filled in last by `applyCounters`, from the engagement rows themselves.
 */
import type { VideoType } from '../../schema/content';
import type { SocialLinks } from '../../schema/user';

export type UserRow = {
  id: string;
  username: string;
  fullName: string;
  email: string;
  description: string;
  avatar: string;
  banner: string;
  aptosAddress: string;
  category: string;
  subCategory: string;
  tags: string[];
  social: SocialLinks;
  followers: number;
  following: number;
  createdAt: string;
};

export type VideoRow = {
  id: string;
  type: VideoType;
  userId: string;
  title: string;
  description: string;
  tags: string[];
  mediaKey: string;
  thumbnailKey: string;
  /** Rows of `video_posters`: the poster at card widths. */
  posterSizes: Array<{ width: number; key: string }>;
  contentType: string;
  sizeBytes: number;
  duration: number;
  width: number;
  height: number;
  isPublic: boolean;
  likes: number;
  comments: number;
  shares: number;
  bookmarks: number;
  views: number;
  createdAt: string;
};

export type FollowRow = { followerId: string; followingId: string; createdAt: string };
/** Likes and bookmarks share a shape: who, what, when. */
export type ReactionRow = { userId: string; videoId: string; createdAt: string };
export type CommentRow = {
  id: string;
  videoId: string;
  userId: string;
  parentId: string | null;
  content: string;
  createdAt: string;
};
export type ShareRow = {
  id: string;
  videoId: string;
  userId: string;
  platform: string;
  shareUrl: string;
  createdAt: string;
};
export type ViewRow = {
  id: string;
  contentType: 'videos' | 'shorts';
  contentId: string;
  userId: string | null;
  sessionId: string;
  ipAddress: string;
  userAgent: string;
  watchDuration: number;
  isCompleted: boolean;
  createdAt: string;
  updatedAt: string;
};

/** A stream key as the local stream adapter makes one; `secretKey` is the only credential to push. */
export type StreamKeyRow = {
  id: string;
  userId: string;
  name: string;
  secretKey: string;
  playbackId: string;
  playbackUrl: string;
  createdAt: string;
};
/** A session as Prepare Stream leaves it: the first pushed segment makes it live. */
export type StreamSessionRow = {
  id: string;
  streamKeyId: string;
  title: string;
  description: string;
  createdAt: string;
};

export type SeedPlan = {
  users: UserRow[];
  videos: VideoRow[];
  follows: FollowRow[];
  likes: ReactionRow[];
  bookmarks: ReactionRow[];
  /** Parents come before their replies (the foreign key is checked row by row). */
  comments: CommentRow[];
  shares: ShareRow[];
  views: ViewRow[];
  streamKeys: StreamKeyRow[];
  streamSessions: StreamSessionRow[];
};

const countBy = <T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return counts;
};

/**
 * Sets every denormalized counter from the rows it counts, so `videos.likes = COUNT(likes)` and
 * friends hold by construction rather than by careful bookkeeping in the generators.
 */
export function applyCounters(plan: SeedPlan): SeedPlan {
  const likes = countBy(plan.likes, (r) => r.videoId);
  const bookmarks = countBy(plan.bookmarks, (r) => r.videoId);
  const comments = countBy(plan.comments, (r) => r.videoId);
  const shares = countBy(plan.shares, (r) => r.videoId);
  const views = countBy(plan.views, (r) => r.contentId);
  const followers = countBy(plan.follows, (r) => r.followingId);
  const following = countBy(plan.follows, (r) => r.followerId);
  return {
    ...plan,
    users: plan.users.map((u) => ({
      ...u,
      followers: followers.get(u.id) ?? 0,
      following: following.get(u.id) ?? 0,
    })),
    videos: plan.videos.map((v) => ({
      ...v,
      likes: likes.get(v.id) ?? 0,
      bookmarks: bookmarks.get(v.id) ?? 0,
      comments: comments.get(v.id) ?? 0,
      shares: shares.get(v.id) ?? 0,
      views: views.get(v.id) ?? 0,
    })),
  };
}

import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema, wellFormed } from './common';
import { ShareSchema } from './content';

/**
 * Engagement calls (content §7): likes, bookmarks, comments, shares, follows. Bodies and answers
 * are shared by the web client and the worker; mutations answer the per-short client state of
 * content §3 (isLiked, likeCount, ...) so an optimistic toggle can settle on the server's numbers.
 */

/** Our cap (the spec gives none): long enough for a real comment, short enough to stop abuse. */
export const COMMENT_MAX_LENGTH = 2000;
export const SHARE_PLATFORM_DEFAULTS = { videos: 'general', shorts: 'web' } as const;

/** The path segment naming a kind of content: `/videos/...` or `/shorts/...`. */
export const ContentKindSchema = z.enum(['videos', 'shorts']);
export type ContentKind = z.infer<typeof ContentKindSchema>;

const id = (name: string) =>
  z.string({ error: `${name} is required` }).check(z.minLength(1), z.maxLength(64));

export const VideoMarkBodySchema = z.object({ userId: id('userId'), videoId: id('videoId') });
export const ShortMarkBodySchema = z.object({ userId: id('userId'), shortId: id('shortId') });
/** `/check` query strings carry the same two ids as the bodies. */
export const VideoMarkQuerySchema = VideoMarkBodySchema;
export const ShortMarkQuerySchema = ShortMarkBodySchema;

export const LikeStateSchema = z.object({ isLiked: z.boolean(), likeCount: CountSchema });
export type LikeState = z.infer<typeof LikeStateSchema>;
export const LikeCheckSchema = z.object({ isLiked: z.boolean() });

export const BookmarkStateSchema = z.object({ isBookmarked: z.boolean(), bookmarkCount: CountSchema });
export type BookmarkState = z.infer<typeof BookmarkStateSchema>;
export const BookmarkCheckSchema = z.object({ isBookmarked: z.boolean() });

/** A like or bookmark in a user's list; `videoId` names the video or short. */
export const MarkSchema = z.object({ userId: IdSchema, videoId: IdSchema, createdAt: IsoTimeSchema });
export type Mark = z.infer<typeof MarkSchema>;

const CommentTextSchema = z
  .string({ error: 'Comment text is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Comment cannot be empty'),
    z.maxLength(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
    wellFormed(),
  );

/** `POST /comments/{videos|shorts}/{id}`; a `parentId` makes it a reply. */
export const CreateCommentBodySchema = z.object({
  userId: id('userId'),
  content: CommentTextSchema,
  parentId: z.nullish(id('parentId')),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

/** `PUT` and `DELETE` name the comment in the path or, as the spec's client does, in the body. */
export const EditCommentBodySchema = z.object({
  userId: id('userId'),
  content: CommentTextSchema,
  commentId: z.optional(id('commentId')),
});
export const DeleteCommentBodySchema = z.object({
  userId: id('userId'),
  commentId: z.optional(id('commentId')),
});

/** The server form of a comment (content §3), stored and returned as plain text. */
export const CommentRecordSchema = z.object({
  id: IdSchema,
  videoId: IdSchema,
  userId: IdSchema,
  parentId: z.nullable(IdSchema),
  content: z.string(),
  createdAt: IsoTimeSchema,
  updatedAt: z.nullable(IsoTimeSchema),
  /** Shown first, above the newest (issue 24 §2); absent in answers that predate pinning. */
  pinned: z.optional(z.boolean()),
  /** Held for review: seen only by its author, the creator and their moderators (issue 24 §2). */
  held: z.optional(z.boolean()),
});
export const CommentAuthorSchema = z.object({
  username: z.string(),
  avatar: z.string(),
  fullName: z.string(),
});
export const CommentEntrySchema = z.object({ comment: CommentRecordSchema, user: CommentAuthorSchema });
export type CommentEntry = z.infer<typeof CommentEntrySchema>;

/** A comment with its replies, oldest reply first, nested to any depth. */
export type CommentThread = CommentEntry & { replies: CommentThread[] };
export const CommentThreadSchema: z.ZodMiniType<CommentThread> = z.object({
  comment: CommentRecordSchema,
  user: CommentAuthorSchema,
  get replies() {
    return z.array(CommentThreadSchema);
  },
});

export const CommentDeletedSchema = z.object({ deleted: z.literal(true), commentCount: CountSchema });

/** Share URLs end up in links, so only web addresses and site paths are kept. */
const ShareUrlSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(2000),
    z.regex(/^(https?:\/\/\S+|\/\S*)?$/, 'shareUrl must be an http(s) URL or a site path'),
  );

/** `POST /shares/{videos|shorts}/{id}`; the platform defaults by kind (content §7). */
export const CreateShareBodySchema = z.object({
  userId: id('userId'),
  platform: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40), wellFormed())),
  shareUrl: z._default(ShareUrlSchema, ''),
});
export type CreateShareBody = z.infer<typeof CreateShareBodySchema>;
export const ShareCreatedSchema = z.object({ share: ShareSchema, shareCount: CountSchema });
export const ShareStatsSchema = z.object({
  shareCount: CountSchema,
  byPlatform: z.record(z.string(), CountSchema),
});
export type ShareStats = z.infer<typeof ShareStatsSchema>;

export const FollowBodySchema = z.object({ followerId: id('followerId'), followingId: id('followingId') });
export const FollowCheckQuerySchema = FollowBodySchema;
/** After a follow or unfollow: the followed user's followers and the follower's following. */
export const FollowStateSchema = z.object({
  isFollowing: z.boolean(),
  followers: CountSchema,
  following: CountSchema,
});
export type FollowState = z.infer<typeof FollowStateSchema>;
export const FollowCheckSchema = z.object({ isFollowing: z.boolean() });

/** A row of `/users/{id}/followers` or `/following`. */
export const FollowUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  fullName: z.string(),
  avatar: z.string(),
  followers: CountSchema,
  followedAt: IsoTimeSchema,
});
export type FollowUser = z.infer<typeof FollowUserSchema>;

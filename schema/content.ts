import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema, wellFormed } from './common';

/** Long videos and shorts share one table and one shape; `type` tells them apart. */
export const VideoTypeSchema = z.enum(['video', 'short']);
export type VideoType = z.infer<typeof VideoTypeSchema>;

/** One width of a video's poster frame (schema/posters.ts), as the API answers it. */
export const PosterSizeSchema = z.object({ url: z.string(), width: CountSchema });
export type PosterSize = z.infer<typeof PosterSizeSchema>;

/** Short/video summary (content §3). */
export const VideoSchema = z.object({
  id: IdSchema,
  type: VideoTypeSchema,
  title: z.string(),
  description: z.string(),
  userId: IdSchema,
  creator: z.string(),
  creatorAvatar: z.string(),
  creatorFullName: z.string(),
  creatorFollowers: CountSchema,
  tags: z.array(z.string()),
  likes: CountSchema,
  comments: CountSchema,
  shares: CountSchema,
  bookmarks: CountSchema,
  views: CountSchema,
  videoUrl: z.string(),
  thumbnail: z.string(),
  /**
   * The poster frame at card widths (schema/posters.ts), narrowest first; empty for a video
   * uploaded without them (cards then show `thumbnail`) and in answers saved before they existed.
   */
  thumbnails: z._default(z.array(PosterSizeSchema), []),
  /** The video's WebVTT captions (issue 13.1), null when it has none. */
  captionsUrl: z.nullable(z.string()),
  /** Whole seconds. */
  duration: CountSchema,
  width: CountSchema,
  height: CountSchema,
  isPublic: z.boolean(),
  createdAt: IsoTimeSchema,
  uploadDate: IsoTimeSchema,
});
export type Video = z.infer<typeof VideoSchema>;
/** A list of videos, as the feeds answer them. */
export const VideoListSchema = z.array(VideoSchema);

/** `GET /videos/shorts/paginated` answer: a page plus whether another may follow. */
export const ShortsPageSchema = z.object({
  items: z.array(VideoSchema),
  total: CountSchema,
  limit: CountSchema,
  offset: CountSchema,
  hasMore: z.boolean(),
});
export type ShortsPage = z.infer<typeof ShortsPageSchema>;

/** Longest title and description of a video, in characters (ours: the spec gives none). */
export const VIDEO_TITLE_MAX_LENGTH = 200;
export const VIDEO_DESCRIPTION_MAX_LENGTH = 5000;

/** Upload form (content §3); multipart fields arrive as strings. */
export const UploadFieldsSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(VIDEO_TITLE_MAX_LENGTH), wellFormed()),
  description: z._default(z.string().check(z.maxLength(VIDEO_DESCRIPTION_MAX_LENGTH), wellFormed()), ''),
  userId: IdSchema,
  isPublic: z._default(z.enum(['true', 'false']), 'true'),
  duration: z.coerce.number().check(z.int(), z.nonnegative()),
});

export const CreateCommentBodySchema = z.object({
  userId: IdSchema,
  content: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000), wellFormed()),
  parentId: z.nullish(IdSchema),
});

export const LikeSchema = z.object({ userId: IdSchema, videoId: IdSchema, createdAt: IsoTimeSchema });
export type Like = z.infer<typeof LikeSchema>;
export const BookmarkSchema = z.object({ userId: IdSchema, shortId: IdSchema, createdAt: IsoTimeSchema });
export type Bookmark = z.infer<typeof BookmarkSchema>;

export const ShareSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  videoId: IdSchema,
  platform: z.string().check(z.maxLength(40), wellFormed()),
  shareUrl: z.string().check(z.maxLength(2000)),
  createdAt: IsoTimeSchema,
});
export type Share = z.infer<typeof ShareSchema>;

export const FollowSchema = z.object({
  followerId: IdSchema,
  followingId: IdSchema,
  createdAt: IsoTimeSchema,
});
export type Follow = z.infer<typeof FollowSchema>;

/** View record and stats (content §3). */
export const ViewSchema = z.object({
  viewId: IdSchema,
  contentType: z.enum(['videos', 'shorts', 'streams']),
  contentId: IdSchema,
  userId: z.nullable(IdSchema),
  sessionId: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  watchDuration: z.number().check(z.nonnegative()),
  isCompleted: z.boolean(),
  createdAt: IsoTimeSchema,
});
export type View = z.infer<typeof ViewSchema>;

export const ViewStatsSchema = z.object({
  totalViews: CountSchema,
  uniqueViews: CountSchema,
  completedViews: CountSchema,
  averageWatchDuration: z.number(),
});
export type ViewStats = z.infer<typeof ViewStatsSchema>;

/** `GET /analytics/user/{id}`: the fields the profile reads (content §7). */
export const UserAnalyticsSchema = z.object({ totalViews: CountSchema, engagementScore: z.number() });
export type UserAnalytics = z.infer<typeof UserAnalyticsSchema>;

/** Social stats of one platform for a profile's social counters (content §3). */
export const SocialStatsSchema = z.object({
  platform: z.enum(['twitch', 'twitter', 'tiktok', 'youtube']),
  followers: z.nullable(CountSchema),
  subscribers: z.optional(z.nullable(CountSchema)),
  error: z.optional(z.string()),
});
export type SocialStats = z.infer<typeof SocialStatsSchema>;

/** A sample task of /list_task (content §3); display only. */
export const TaskSchema = z.object({
  id: z.int(),
  title: z.string(),
  summary: z.string(),
  assigner: z.string(),
  reward: z.int(),
  status: z.enum(['available', 'accepted', 'completed']),
  category: z.enum(['Video', 'Article', 'Share']),
});
export type Task = z.infer<typeof TaskSchema>;

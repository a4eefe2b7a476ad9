import * as z from 'zod/mini';
import { CountSchema, IdSchema } from './common';
import { LIMITS } from './constants';
import { UserAnalyticsSchema, ViewStatsSchema } from './content';

/*
 * Requests and answers of view tracking, analytics and content deletion (content §4, §7).
 * The view record and its stats are `ViewSchema` / `ViewStatsSchema` in content.ts.
 */

/** What a view counts: a long video, a short or a live stream (path segment of `/views/{type}`). */
export const ViewContentTypeSchema = z.enum(['videos', 'shorts', 'streams']);
export type ViewContentType = z.infer<typeof ViewContentTypeSchema>;

/** Analytics cover uploaded content only. */
export const AnalyticsContentTypeSchema = z.enum(['videos', 'shorts']);
export type AnalyticsContentType = z.infer<typeof AnalyticsContentTypeSchema>;

/** The longest watch a view may claim: a week, enough for any stream, bounded for the average. */
export const MAX_WATCH_SECONDS = 604_800;

/** Per-viewer budget of view calls per minute; past it the API answers 429 `rate_limited`. */
export const VIEW_RATE_LIMITS = { createsPerMinute: 30, updatesPerMinute: 120 } as const;

const SessionIdSchema = z.string().check(z.minLength(1), z.maxLength(128));
const IpSchema = z.string().check(z.maxLength(64));
const UserAgentSchema = z.string().check(z.maxLength(512));

/**
 * `POST /views/{type}/{contentId}`. `userId` is absent (or null) for visitors; when present it must
 * be the caller's. The server prefers the `CF-Connecting-IP` and `User-Agent` headers to the body.
 */
export const CreateViewBodySchema = z.object({
  userId: z.nullish(IdSchema),
  sessionId: SessionIdSchema,
  ipAddress: z.optional(IpSchema),
  userAgent: z.optional(UserAgentSchema),
});
export type CreateViewBody = z.infer<typeof CreateViewBodySchema>;

export const CreateViewResultSchema = z.object({ viewId: IdSchema });
export type CreateViewResult = z.infer<typeof CreateViewResultSchema>;

/**
 * `PUT /views/{viewId}`. A visitor's view is keyed by IP and `sessionId`, so a visitor sends the
 * `sessionId` it started the view with (and `ipAddress` where no `CF-Connecting-IP` header exists).
 */
export const UpdateViewBodySchema = z.object({
  watchDuration: z.number().check(z.nonnegative(), z.lte(MAX_WATCH_SECONDS)),
  isCompleted: z.boolean(),
  sessionId: z.optional(SessionIdSchema),
  ipAddress: z.optional(IpSchema),
});
export type UpdateViewBody = z.infer<typeof UpdateViewBodySchema>;

/** `GET /client-ip`. */
export const ClientIpSchema = z.object({ ip: z.string() });
export type ClientIp = z.infer<typeof ClientIpSchema>;

/** `GET /analytics/{type}/{id}`: view stats plus the item's engagement counters. */
export const ContentAnalyticsSchema = z.extend(ViewStatsSchema, {
  views: CountSchema,
  likes: CountSchema,
  comments: CountSchema,
  shares: CountSchema,
  bookmarks: CountSchema,
});
export type ContentAnalytics = z.infer<typeof ContentAnalyticsSchema>;

/**
 * `GET /analytics/user/{id}`. `engagementScore` is the engagement rate in percent:
 * (likes + comments + shares) / totalViews × 100 over all of the user's content, two decimals,
 * 0 without views.
 */
export const UserAnalyticsDetailSchema = z.extend(UserAnalyticsSchema, {
  totalLikes: CountSchema,
  totalComments: CountSchema,
  totalShares: CountSchema,
  videos: CountSchema,
  shorts: CountSchema,
  followers: CountSchema,
});
export type UserAnalyticsDetail = z.infer<typeof UserAnalyticsDetailSchema>;

/** `DELETE /videos/{id}` and `DELETE /videos/shorts/{id}`: the spec sends the owner's id. */
export const DeleteContentBodySchema = z.object({ userId: IdSchema });
export type DeleteContentBody = z.infer<typeof DeleteContentBodySchema>;

/** `GET /videos/shorts/around/{id}?limit`: a window of the shorts feed around one short. */
export const AroundQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.listMax)), 10),
});

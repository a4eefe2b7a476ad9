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

/**
 * What a view counts (issue 23 §3): one view per viewer per item in `viewerWindowMinutes` (a viewer
 * is the signed-in user, or a visitor by IP and browser); watch time only up to the wall time the
 * server saw since the view began; a completion once `completionShare` of the item's length has been
 * watched that way.
 */
export const VIEW_RULES = { viewerWindowMinutes: 30, completionShare: 0.8 } as const;

/** Per-viewer budget of view calls per minute; past it the API answers 429 `rate_limited`. */
export const VIEW_RATE_LIMITS = { createsPerMinute: 30, updatesPerMinute: 120 } as const;

const SessionIdSchema = z.string().check(z.minLength(1), z.maxLength(128));
const IpSchema = z.string().check(z.maxLength(64));
const UserAgentSchema = z.string().check(z.maxLength(512));

/**
 * `POST /views/{type}/{contentId}`. `userId` is absent (or null) for visitors; when present it must
 * be the caller's. The server prefers the `CF-Connecting-IP` and `User-Agent` headers to the body,
 * and tells viewers apart by the session or those headers alone (`VIEW_RULES`): a viewer's view of
 * the same item within the window answers that view's id again (200) instead of a new one (201).
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
 * `PUT /views/{viewId}`. Only the viewer who started the view moves it: the same user, or a visitor
 * from the same IP and browser. `watchDuration` counts up to the seconds since the view began, and
 * `isCompleted` only once that counted time reaches `VIEW_RULES.completionShare` of the item's length.
 * `sessionId` and `ipAddress` are the spec's fields, kept for old clients and not used to tell viewers apart.
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

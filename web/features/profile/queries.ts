import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { UserAnalyticsSchema, VideoSchema, type VideoType } from '../../../schema/content';
import { firstScreenPaths } from '../../../schema/first-screen';
import { SocialStatsListSchema } from '../../../schema/social-stats';
import { UserCheckSchema, type UserProfile, UserProfileSchema } from '../../../schema/user';
import { apiGet, withQuery } from '../../lib/api';
import { staleUnlessJustRead } from '../../lib/page-freshness';

/**
 * A profile by username, or null when nobody has that name. The API's 404 carries only a message,
 * so a failed read asks `check` whether the user exists before calling it "not found".
 */
async function getProfileOrNull(username: string, signal?: AbortSignal): Promise<UserProfile | null> {
  const name = encodeURIComponent(username);
  try {
    return await apiGet(firstScreenPaths.profile(username), UserProfileSchema, { signal });
  } catch (error) {
    const check = await apiGet(`/api/users/check/${name}`, UserCheckSchema, { signal });
    if (!check.exists) return null;
    throw error;
  }
}

/** `GET /api/users/username/{username}`: the profile page's user with its totals. */
export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['users', 'profile', username.toLowerCase()],
    queryFn: ({ signal }) => getProfileOrNull(username, signal),
    // A restored (persisted) profile paints at once but is re-read: it may predate an edit.
    staleTime: staleUnlessJustRead,
  });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}

/** `GET /api/social-stats/{username}`: the four social counters (followers null means 'Active'). */
export const socialStatsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['users', 'social-stats', username.toLowerCase()],
    queryFn: ({ signal }) =>
      apiGet(`/api/social-stats/${encodeURIComponent(username)}`, SocialStatsListSchema, { signal }),
    // The worker keeps platform answers for minutes; asking again sooner would only hit its cache.
    staleTime: 5 * 60 * 1000,
  });

export function useSocialStats(username: string) {
  return useQuery(socialStatsQueryOptions(username));
}

/** A creator's long videos or shorts (`GET /api/videos/user/{id}`, `/api/videos/shorts/user/{id}`). */
export const userContentQueryOptions = (userId: string, type: VideoType) =>
  queryOptions({
    queryKey: ['videos', 'by-user', type, userId],
    queryFn: ({ signal }) =>
      apiGet(
        withQuery(type === 'short' ? `/api/videos/shorts/user/${userId}` : `/api/videos/user/${userId}`, {
          limit: LIMITS.listMax,
        }),
        z.array(VideoSchema),
        { signal },
      ),
  });

export function useUserContent(userId: string, type: VideoType) {
  return useQuery(userContentQueryOptions(userId, type));
}

/** `GET /api/analytics/user/{id}`: its engagementScore is the engagement rate in percent. */
export const userAnalyticsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['analytics', 'user', userId],
    queryFn: ({ signal }) => apiGet(`/api/analytics/user/${userId}`, UserAnalyticsSchema, { signal }),
  });

export function useUserAnalytics(userId: string) {
  return useQuery(userAnalyticsQueryOptions(userId));
}

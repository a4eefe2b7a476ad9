import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../schema/constants';
import { firstScreenPaths } from '../../../schema/first-screen';
import { apiGet } from '../../lib/api';

// Imported with the first read, not in home's entry chunk (lib/api.ts SchemaSource).
const contentSchemas = () => import('../../../schema/content');

/** Latest long videos (`GET /api/videos?limit`). */
export const latestVideosQueryOptions = (limit: number = LIMITS.allVideosDefault) =>
  queryOptions({
    queryKey: ['videos', 'latest', { limit }],
    queryFn: ({ signal }) =>
      apiGet(
        firstScreenPaths.latestVideos(limit),
        () => contentSchemas().then((schemas) => schemas.VideoListSchema),
        { signal },
      ),
  });

/** A page of the latest shorts (`GET /api/videos/shorts/paginated?limit&offset`). */
export const shortsPageQueryOptions = (limit: number = LIMITS.shortsPageSize, offset = 0) =>
  queryOptions({
    queryKey: ['shorts', 'page', { limit, offset }],
    queryFn: ({ signal }) =>
      apiGet(
        firstScreenPaths.latestShorts(limit, offset),
        () => contentSchemas().then((schemas) => schemas.ShortsPageSchema),
        { signal },
      ),
  });

/** The latest shorts as home shows them: the first page. */
export const latestShortsQueryOptions = () => shortsPageQueryOptions();

export function useLatestVideos() {
  return useQuery(latestVideosQueryOptions());
}

export function useLatestShorts() {
  return useQuery(latestShortsQueryOptions());
}

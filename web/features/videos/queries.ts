import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { ShortsPageSchema, VideoSchema } from '../../../schema/content';
import { firstScreenPaths } from '../../../schema/first-screen';
import { apiGet } from '../../lib/api';

/** Latest long videos (`GET /api/videos?limit`). */
export const latestVideosQueryOptions = (limit: number = LIMITS.allVideosDefault) =>
  queryOptions({
    queryKey: ['videos', 'latest', { limit }],
    queryFn: ({ signal }) => apiGet(firstScreenPaths.latestVideos(limit), z.array(VideoSchema), { signal }),
  });

/** A page of the latest shorts (`GET /api/videos/shorts/paginated?limit&offset`). */
export const shortsPageQueryOptions = (limit: number = LIMITS.shortsPageSize, offset = 0) =>
  queryOptions({
    queryKey: ['shorts', 'page', { limit, offset }],
    queryFn: ({ signal }) =>
      apiGet(firstScreenPaths.latestShorts(limit, offset), ShortsPageSchema, { signal }),
  });

/** The latest shorts as home shows them: the first page. */
export const latestShortsQueryOptions = () => shortsPageQueryOptions();

export function useLatestVideos() {
  return useQuery(latestVideosQueryOptions());
}

export function useLatestShorts() {
  return useQuery(latestShortsQueryOptions());
}

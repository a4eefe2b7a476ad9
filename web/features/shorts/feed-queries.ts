import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { ShortsPageSchema, VideoSchema } from '../../../schema/content';
import { firstScreenPaths } from '../../../schema/first-screen';
import { apiGet } from '../../lib/api';
import { staleUnlessJustRead } from '../../lib/page-freshness';
import { nextPageOffset } from './feed-nav';

/** The shorts feed of /reels, 20 at a time (offset = shorts already loaded). */
export const shortsFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['shorts', 'feed'],
    initialPageParam: 0,
    // Counts change with every like: a saved answer is asked again on mount (it may lag a reload).
    staleTime: staleUnlessJustRead,
    queryFn: ({ pageParam, signal }) =>
      apiGet(firstScreenPaths.latestShorts(LIMITS.shortsPageSize, pageParam), ShortsPageSchema, { signal }),
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });

/** Every short (`GET /api/videos/shorts`), for /s/$videoId. */
export const allShortsQueryOptions = () =>
  queryOptions({
    queryKey: ['shorts', 'all'],
    // Counts change with every like: asked again on mount (the saved cache may lag a reload).
    staleTime: 0,
    queryFn: ({ signal }) => apiGet('/api/videos/shorts', z.array(VideoSchema), { signal }),
  });

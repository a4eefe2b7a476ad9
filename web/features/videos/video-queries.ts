import { queryOptions } from '@tanstack/react-query';
import { VideoSchema } from '../../../schema/content';
import { firstScreenPaths } from '../../../schema/first-screen';
import { apiGet } from '../../lib/api';
import { staleUnlessJustRead } from '../../lib/page-freshness';

/** One long video (`GET /api/videos/{id}`); a missing one is an error, shown as 'Video not found'. */
export const videoQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ['videos', 'detail', videoId],
    // Counts change with every like: a saved answer is asked again on mount (it may lag a reload).
    staleTime: staleUnlessJustRead,
    queryFn: ({ signal }) => apiGet(firstScreenPaths.video(videoId), VideoSchema, { signal }),
    retry: false,
  });

import { queryOptions } from '@tanstack/react-query';
import { VideoSchema } from '../../../schema/content';
import { firstScreenPaths } from '../../../schema/first-screen';
import { apiGet } from '../../lib/api';

/** One long video (`GET /api/videos/{id}`); a missing one is an error, shown as 'Video not found'. */
export const videoQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ['videos', 'detail', videoId],
    // Counts change with every like: asked again on mount (the saved cache may lag a reload).
    staleTime: 0,
    queryFn: ({ signal }) => apiGet(firstScreenPaths.video(videoId), VideoSchema, { signal }),
    retry: false,
  });

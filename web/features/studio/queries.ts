import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { type Video, VideoSchema, type VideoType } from '../../../schema/content';
import { apiDelete, apiGet } from '../../lib/api';
import { evictDeletedVideo } from './evict-deleted';

const listPath = (type: VideoType, userId: string) =>
  `${type === 'short' ? '/api/videos/shorts/user' : '/api/videos/user'}/${encodeURIComponent(userId)}`;

/**
 * The creator's own videos or shorts (`GET /api/videos/user/{userId}`, `/videos/shorts/user/{userId}`),
 * private ones included since the owner asks. Always read again on mount.
 */
export const ownContentQueryOptions = (type: VideoType, userId: string) =>
  queryOptions({
    queryKey: ['studio', type, userId],
    queryFn: ({ signal }) => apiGet(listPath(type, userId), z.array(VideoSchema), { signal }),
    staleTime: 0,
  });

export function useOwnContent(type: VideoType, userId: string) {
  return useQuery(ownContentQueryOptions(type, userId));
}

/** Reloads the studio's lists and every list a new or deleted item shows up in. */
export function useReloadContent() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['studio'], ['videos'], ['shorts'], ['users', 'profile']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/**
 * `DELETE /api/videos/{id}` or `/api/videos/shorts/{id}` with `{userId}` (content §7): owner only.
 * Once deleted, the item leaves this device too (query cache, saved answers, kept file, pictures).
 */
export function useDeleteContent() {
  const reload = useReloadContent();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ video, userId }: { video: Video; userId: string }) =>
      apiDelete(
        `${video.type === 'short' ? '/api/videos/shorts' : '/api/videos'}/${encodeURIComponent(video.id)}`,
        z.boolean(),
        { userId },
      ),
    onSuccess: async (_deleted, { video }) => {
      try {
        await evictDeletedVideo(queryClient, video);
      } catch (error) {
        // The server has deleted it: a store this device cannot clear now must not undo that.
        console.warn('Clearing the deleted item from this device failed', error);
      }
      await reload();
    },
  });
}

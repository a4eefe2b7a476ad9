import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import { apiGet, withQuery } from '../../lib/api';
import { VideoCard } from '../videos/video-card';

const PAGE_SIZE = LIMITS.allVideosDefault;

/** A page of the latest videos after home's first answer (`GET /api/videos?limit&offset`). */
const videosPageQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: ['videos', 'latest', { limit: PAGE_SIZE, offset }],
    queryFn: ({ signal }) =>
      apiGet(
        withQuery('/api/videos', { limit: PAGE_SIZE, offset }),
        () => import('../../../schema/content').then((schemas) => schemas.VideoListSchema),
        { signal },
      ),
  });

type NextVideosProps = { offset: number; seen: ReadonlySet<string> };

/**
 * The page of Latest Videos at `offset`, so every video is reachable from home: it loads once the
 * videos before it are all shown, 'View more videos (n)' shows it, and a full page brings the next
 * one the same way; a short page is the last. `seen` leaves out a video already shown (an upload
 * meanwhile shifts the offsets).
 */
export function NextVideos({ offset, seen }: NextVideosProps) {
  const { data } = useQuery(videosPageQueryOptions(offset));
  const [shown, setShown] = useState(false);
  if (!data) return null;
  const videos = data.filter((video) => !seen.has(video.id));
  if (!shown && videos.length > 0) {
    return (
      <button type="button" className="button more-button" onClick={() => setShown(true)}>
        View more videos ({videos.length})
      </button>
    );
  }
  return (
    <>
      <div className="grid grid-video">
        {videos.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </div>
      {data.length === PAGE_SIZE && (
        <NextVideos
          offset={offset + PAGE_SIZE}
          seen={new Set([...seen, ...videos.map((video) => video.id)])}
        />
      )}
    </>
  );
}

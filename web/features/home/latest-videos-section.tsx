import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { usePlayableFirst } from '../offline-media/offline-ids';
import { latestVideosQueryOptions } from '../videos/queries';
import { VideoCard } from '../videos/video-card';
import { HomeSection } from './home-section';
import { NextVideos } from './next-videos';
import { useShowMore } from './use-show-more';

/**
 * Latest Videos: 8, then 'View more videos (n)' reveals the rest of the first answer; when that
 * answer was a full page, the same button goes on through the next pages. Offline, the ones that
 * play first. With `priorityFirst` (no shorts above it), its first card's poster loads first.
 */
export function LatestVideosSection({ videos, priorityFirst }: { videos: Video[]; priorityFirst: boolean }) {
  const { shown, hidden, expanded, toggle } = useShowMore(usePlayableFirst(videos), LIMITS.homeVideos);
  const client = useQueryClient();
  const paged = videos.length === LIMITS.allVideosDefault;
  const showMore = () => {
    toggle();
    // The next pages come from the server as it is now, while the first answer may be a saved one
    // (fresh for a minute): videos uploaded since would fall between the two. Ask for it again.
    if (paged) void client.invalidateQueries({ queryKey: latestVideosQueryOptions().queryKey });
  };
  if (videos.length === 0) return null;
  return (
    <HomeSection id="videos" title="Latest Videos">
      <div className="grid grid-video">
        {shown.map((video, i) => (
          <VideoCard key={video.id} video={video} priority={priorityFirst && i === 0} />
        ))}
      </div>
      {!expanded && hidden > 0 && (
        <button type="button" className="button more-button" onClick={showMore}>
          View more videos ({hidden})
        </button>
      )}
      {expanded && paged && (
        <NextVideos offset={videos.length} seen={new Set(videos.map((video) => video.id))} />
      )}
    </HomeSection>
  );
}

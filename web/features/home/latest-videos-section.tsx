import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { usePlayableFirst } from '../offline-media/offline-ids';
import { VideoCard } from '../videos/video-card';
import { HomeSection } from './home-section';
import { useShowMore } from './use-show-more';

/** Latest Videos: 8, then 'View more videos (n)' reveals the rest; offline, the ones that play first. */
export function LatestVideosSection({ videos }: { videos: Video[] }) {
  const { shown, hidden, expanded, toggle } = useShowMore(usePlayableFirst(videos), LIMITS.homeVideos);
  if (videos.length === 0) return null;
  return (
    <HomeSection id="videos" title="Latest Videos">
      <div className="grid grid-video">
        {shown.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </div>
      {!expanded && hidden > 0 && (
        <button type="button" className="button more-button" onClick={toggle}>
          View more videos ({hidden})
        </button>
      )}
    </HomeSection>
  );
}

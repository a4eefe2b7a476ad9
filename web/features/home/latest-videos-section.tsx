import { useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { VideoCard } from '../videos/video-card';
import { HomeSection } from './home-section';

/** Latest Videos: 8, then 'View more videos (n)' reveals the rest. */
export function LatestVideosSection({ videos }: { videos: Video[] }) {
  const [showAll, setShowAll] = useState(false);
  if (videos.length === 0) return null;
  const hidden = videos.length - LIMITS.homeVideos;
  const shown = showAll ? videos : videos.slice(0, LIMITS.homeVideos);
  return (
    <HomeSection id="videos" title="Latest Videos">
      <div className="grid grid-video">
        {shown.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </div>
      {!showAll && hidden > 0 && (
        <button type="button" className="button more-button" onClick={() => setShowAll(true)}>
          View more videos ({hidden})
        </button>
      )}
    </HomeSection>
  );
}

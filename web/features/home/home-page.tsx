import type { Video } from '../../../schema/content';
import { useActiveSessions } from '../live/queries';
import { useLatestShorts, useLatestVideos } from '../videos/queries';
import { HomeEmpty, HomeError, HomeSkeleton } from './home-states';
import { LatestShortsSection } from './latest-shorts-section';
import { LatestVideosSection } from './latest-videos-section';
import { LiveChannelsSection } from './live-channels-section';

/** Home (content spec §2.1): videos, shorts and live sessions load in parallel. */
export function HomePage() {
  const videos = useLatestVideos();
  const shorts = useLatestShorts();
  const live = useActiveSessions();

  return (
    <div className="page home">
      <h1 className="visually-hidden">Reel</h1>
      <LiveChannelsSection sessions={live.data ?? []} />
      <HomeContent
        videos={videos.data}
        shorts={shorts.data?.items}
        // Saved data outlives a failed refetch: only fail when there is nothing to show.
        failed={(videos.isError && !videos.data) || (shorts.isError && !shorts.data)}
        // The live list decides whether a section opens above the feeds: wait for its first answer
        // so the feeds do not jump down under the pointer; never longer (a failure, or offline).
        pending={live.isPending && live.fetchStatus === 'fetching' && live.failureCount === 0}
      />
    </div>
  );
}

type HomeContentProps = {
  videos: Video[] | undefined;
  shorts: Video[] | undefined;
  failed: boolean;
  pending: boolean;
};

function HomeContent({ videos, shorts, failed, pending }: HomeContentProps) {
  if (failed) return <HomeError />;
  if (!videos || !shorts || pending) return <HomeSkeleton />;
  if (videos.length === 0 && shorts.length === 0) return <HomeEmpty />;
  return (
    <>
      {/* The first card of the first feed is the likeliest largest paint: its poster loads first. */}
      <LatestShortsSection shorts={shorts} />
      <LatestVideosSection videos={videos} priorityFirst={shorts.length === 0} />
    </>
  );
}

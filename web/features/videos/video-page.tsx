import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { PagePending } from '../pages/page-pending';
import { RelatedVideos } from './related-videos';
import { useWatchableVideo } from './use-watchable-video';
import { WatchActions } from './watch-actions';
import { WatchComments } from './watch-comments';
import { WatchCreator } from './watch-creator';
import { WatchPlayer } from './watch-player';
import { WatchStats } from './watch-stats';
import './watch.css';

const route = getRouteApi('/v/$videoId');

/** /v/$videoId: the watch page (content §2.4); offline, a video saved for offline plays from the device. */
export function VideoPage() {
  const { videoId } = route.useParams();
  const watchable = useWatchableVideo(videoId);
  const video = watchable.status === 'ready' ? watchable.video : undefined;

  useEffect(() => {
    if (video) document.title = `${video.title} | ${video.creator} - Reel`;
  }, [video]);

  if (watchable.status === 'pending') return <PagePending />;
  if (!video)
    return (
      <p className="page-message" data-testid="video-not-found">
        {watchable.status === 'not-offline' ? MESSAGES.feed.notAvailableOffline : MESSAGES.video.notFound}
      </p>
    );
  return (
    <div className="page watch-page">
      <div className="watch-main">
        {watchable.status === 'ready' && !watchable.playable ? (
          <p className="watch-unavailable" data-testid="video-unavailable">
            {MESSAGES.feed.notAvailableOffline}
          </p>
        ) : (
          <WatchPlayer video={video} />
        )}
        <h1 className="watch-title">{video.title}</h1>
        <div className="watch-bar">
          <WatchCreator video={video} />
          <WatchActions video={video} />
        </div>
        <WatchStats video={video} />
        {video.description && <p className="watch-description">{video.description}</p>}
        <WatchComments video={video} />
      </div>
      <RelatedVideos currentId={video.id} />
    </div>
  );
}

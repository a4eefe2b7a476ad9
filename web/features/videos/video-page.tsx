import { getRouteApi } from '@tanstack/react-router';
import { MESSAGES } from '../../../schema/messages';
import { formatCount, formatRelativeTime } from '../../ui/format';
import { NotBuiltPage } from '../../ui/not-built';
import { PagePending } from '../pages/page-pending';
import { useVideo } from './queries';

const route = getRouteApi('/v/$videoId');

/** /v/$videoId, foundation slice: the player and title; the watch page arrives later. */
export function VideoPage() {
  const { videoId } = route.useParams();
  const { data: video, isPending, isError } = useVideo(videoId);

  if (isPending) return <PagePending />;
  if (isError)
    return (
      <p className="page-message" role="alert">
        {MESSAGES.feed.loadFailed}
      </p>
    );
  if (!video) return <p className="page-message">{MESSAGES.video.notFound}</p>;
  return (
    <NotBuiltPage title={video.title}>
      {/* biome-ignore lint/a11y/useMediaCaption: uploads carry no caption track yet */}
      <video
        className="video-player"
        data-testid="video-player"
        src={video.videoUrl}
        poster={video.thumbnail}
        controls
        playsInline
        preload="metadata"
      />
      <p className="card-meta">
        {formatCount(video.views)} views · {formatRelativeTime(video.createdAt)} · @{video.creator}
      </p>
    </NotBuiltPage>
  );
}

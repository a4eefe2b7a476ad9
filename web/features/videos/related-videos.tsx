import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../schema/constants';
import { formatCount, formatDuration } from '../../ui/format';
import { PosterImage } from '../../ui/poster-image';
import { useLatestVideos } from './queries';

/** Up to 14 other videos (the latest 15 minus this one), each opening its watch page. */
export function RelatedVideos({ currentId }: { currentId: string }) {
  const { data: videos = [] } = useLatestVideos();
  const others = videos.filter((video) => video.id !== currentId).slice(0, LIMITS.relatedVideos);
  return (
    <aside className="watch-related" aria-label="More videos">
      <ul className="related-list">
        {others.map((video) => (
          <li key={video.id}>
            <Link
              to="/v/$videoId"
              params={{ videoId: video.id }}
              className="related-item"
              data-testid="related-video"
            >
              <span className="related-thumb">
                <PosterImage video={video} sizes="160px" />
                <span className="duration">{formatDuration(video.duration)}</span>
              </span>
              <span className="related-text">
                <strong className="related-title">{video.title}</strong>
                <span className="muted">@{video.creator}</span>
                <span className="muted">{formatCount(video.views)} views</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}

import { Link } from '@tanstack/react-router';
import { CARD_POSTER_SIZES, LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { formatCount, formatDuration, takeWithRest, truncate } from '../../ui/format';
import { PosterImage } from '../../ui/poster-image';
import { OfflineBadge } from '../offline-media/offline-badge';

const MAX_TAGS = 3;

/** A long video on home: poster with duration (and whether it plays offline), title, views, short description and tags. */
export function VideoCard({ video, priority = false }: { video: Video; priority?: boolean }) {
  const { shown: tags, rest } = takeWithRest(video.tags, MAX_TAGS);
  return (
    <Link
      to="/v/$videoId"
      params={{ videoId: video.id }}
      className="card video-card"
      data-testid="video-card"
    >
      <div className="video-card-media">
        <PosterImage video={video} sizes={CARD_POSTER_SIZES.video} priority={priority} />
        <OfflineBadge videoId={video.id} />
        <span className="duration" data-testid="video-duration">
          {formatDuration(video.duration)}
        </span>
      </div>
      <div className="card-body">
        <h3 className="card-title">{video.title}</h3>
        <p className="card-meta">{formatCount(video.views)} views</p>
        {video.description && (
          <p className="card-description">{truncate(video.description, LIMITS.homeDescriptionCut)}</p>
        )}
        {video.tags.length > 0 && (
          <ul className="tags" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag} className="tag">
                #{tag}
              </li>
            ))}
            {rest > 0 && <li className="tag tag-more">+{rest}</li>}
          </ul>
        )}
      </div>
    </Link>
  );
}

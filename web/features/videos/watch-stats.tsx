import { useQuery } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import { formatCount, formatDuration, formatRelativeTime } from '../../ui/format';
import { viewStatsQueryOptions } from '../views/queries';

/** Views and time since upload, then unique, completed and average watch time (every 30 s). */
export function WatchStats({ video }: { video: Video }) {
  const { data: stats } = useQuery(viewStatsQueryOptions('videos', video.id));
  return (
    <div className="watch-stats">
      <p className="muted" data-testid="views-line">
        {formatCount(video.views)} views • {formatRelativeTime(video.uploadDate)}
      </p>
      <dl className="watch-stat-list" data-testid="view-stats">
        <div>
          <dt>Unique views</dt>
          <dd>{formatCount(stats?.uniqueViews ?? 0)}</dd>
        </div>
        <div>
          <dt>Completed views</dt>
          <dd>{formatCount(stats?.completedViews ?? 0)}</dd>
        </div>
        <div>
          <dt>Average watch time</dt>
          <dd>{formatDuration(stats?.averageWatchDuration ?? 0)}</dd>
        </div>
      </dl>
    </div>
  );
}

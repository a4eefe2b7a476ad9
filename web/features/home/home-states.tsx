import { Link } from '@tanstack/react-router';
import { HOME_MESSAGES } from '../../../schema/messages/home';
import { SkeletonGrid } from '../../ui/skeleton';

/** No videos and no shorts yet. */
export function HomeEmpty() {
  return (
    <div className="home-state" data-testid="home-empty">
      <h2>{HOME_MESSAGES.emptyTitle}</h2>
      <p className="muted">{HOME_MESSAGES.emptyBody}</p>
      <Link to="/studio" className="button button-primary">
        Upload Video
      </Link>
    </div>
  );
}

/** Videos or shorts failed to load and nothing is cached. */
export function HomeError() {
  return (
    <div className="home-state" role="alert" data-testid="home-error">
      <h2>{HOME_MESSAGES.loadFailed}</h2>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Retry
      </button>
    </div>
  );
}

/** Placeholders while the first load runs. */
export function HomeSkeleton() {
  return (
    <div className="home-skeleton" data-testid="home-loading">
      <SkeletonGrid count={6} variant="short" label="Loading shorts" />
      <SkeletonGrid count={8} variant="video" label="Loading videos" />
    </div>
  );
}

import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** A past broadcast (issue 13.7), lazy like every page so home's entry does not grow. */
export const replayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/replay/$replayId',
  component: lazyRouteComponent(() => import('../features/replays/replay-page'), 'ReplayPage'),
});

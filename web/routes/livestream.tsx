import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const livestreamRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/livestream',
  component: lazyRouteComponent(() => import('../features/livestream/livestream-page'), 'LivestreamPage'),
});

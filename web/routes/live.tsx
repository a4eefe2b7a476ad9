import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const liveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/live/$username',
  component: lazyRouteComponent(() => import('../features/live/live-page'), 'LivePage'),
});

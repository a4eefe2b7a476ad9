import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const gradenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/graden',
  component: lazyRouteComponent(() => import('../features/garden/garden-page'), 'GardenPage'),
});

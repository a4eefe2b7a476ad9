import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const studioRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/studio',
  component: lazyRouteComponent(() => import('../features/studio/studio-page'), 'StudioPage'),
});

import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const shortRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/s/$videoId',
  component: lazyRouteComponent(() => import('../features/shorts/short-page'), 'ShortPage'),
});

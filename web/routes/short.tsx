import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { routeData } from './route-data';

export const shortRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/s/$videoId',
  // The shorts' request starts with the page's chunk (route-data.ts).
  loader: routeData('shortsData'),
  component: lazyRouteComponent(() => import('../features/shorts/short-page'), 'ShortPage'),
});

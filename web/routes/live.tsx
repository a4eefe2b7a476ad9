import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { routeData } from './route-data';

export const liveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/live/$username',
  // The stream key's and the streamer's requests start with the page's chunk (route-data.ts).
  loader: routeData('liveData'),
  component: lazyRouteComponent(() => import('../features/live/live-page'), 'LivePage'),
});

import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { routeData } from './route-data';

export const videoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/v/$videoId',
  // The video's request starts with the page's chunk (route-data.ts).
  loader: routeData('videoData'),
  component: lazyRouteComponent(() => import('../features/videos/video-page'), 'VideoPage'),
});

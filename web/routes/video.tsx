import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const videoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/v/$videoId',
  component: lazyRouteComponent(() => import('../features/videos/video-page'), 'VideoPage'),
});

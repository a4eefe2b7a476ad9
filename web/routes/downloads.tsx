import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const downloadsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/downloads',
  component: lazyRouteComponent(() => import('../features/offline-media/downloads-page'), 'DownloadsPage'),
});

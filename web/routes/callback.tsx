import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/callback',
  component: lazyRouteComponent(() => import('../features/keyless/callback-page'), 'CallbackPage'),
});

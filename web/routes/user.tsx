import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/u/$username',
  component: lazyRouteComponent(() => import('../features/profile/profile-page'), 'ProfilePage'),
});

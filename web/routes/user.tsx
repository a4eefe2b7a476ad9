import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { routeData } from './route-data';

export const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/u/$username',
  // The profile's request starts with the page's chunk (route-data.ts).
  loader: routeData('profileData'),
  component: lazyRouteComponent(() => import('../features/profile/profile-page'), 'ProfilePage'),
});

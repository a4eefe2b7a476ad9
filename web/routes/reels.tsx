import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { routeData } from './route-data';

export const reelsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reels',
  // The feed's request starts with the page's chunk (route-data.ts).
  loader: routeData('reelsData'),
  component: lazyRouteComponent(() => import('../features/garden/reels-with-pet-panel'), 'ReelsWithPetPanel'),
});

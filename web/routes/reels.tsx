import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const reelsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reels',
  component: lazyRouteComponent(() => import('../features/garden/reels-with-pet-panel'), 'ReelsWithPetPanel'),
});

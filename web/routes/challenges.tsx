import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const challengesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/challenges',
  component: lazyRouteComponent(() => import('../features/static-pages/challenges-page'), 'ChallengesPage'),
});

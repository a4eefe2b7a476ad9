import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const listTaskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/list_task',
  component: lazyRouteComponent(() => import('../features/static-pages/list-task-page'), 'ListTaskPage'),
});

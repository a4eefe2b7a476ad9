import { createRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../ui/not-built';
import { rootRoute } from './root';

export const listTaskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/list_task',
  component: () => <NotBuiltPage title="Task List" />,
});

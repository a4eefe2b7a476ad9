import { createRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../ui/not-built';
import { rootRoute } from './root';

export const challengesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/challenges',
  component: () => <NotBuiltPage title="Challenges" />,
});

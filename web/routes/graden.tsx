import { createRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../ui/not-built';
import { rootRoute } from './root';

export const gradenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/graden',
  component: () => <NotBuiltPage title="Graden" />,
});

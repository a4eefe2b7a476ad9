import { createRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../ui/not-built';
import { rootRoute } from './root';

export const livestreamRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/livestream',
  component: () => <NotBuiltPage title="Livestream Studio" />,
});

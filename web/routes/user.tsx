import { createRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../ui/not-built';
import { rootRoute } from './root';

export const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/u/$username',
  component: UserRouteView,
});

function UserRouteView() {
  const { username } = userRoute.useParams();
  return <NotBuiltPage title={`@${username}`} />;
}

import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../features/layout/app-layout';
import { NotFoundPage } from '../features/pages/not-found-page';

/** What every route's loader gets: the app's one QueryClient, so data starts with the route. */
export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

import { createRootRoute } from '@tanstack/react-router';
import { AppLayout } from '../features/layout/app-layout';
import { NotFoundPage } from '../features/pages/not-found-page';

export const rootRoute = createRootRoute({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

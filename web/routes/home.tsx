import { createRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';
import { rootRoute } from './root';

/** `/`: kept in the entry chunk so the first paint needs no extra request. */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomePage,
});

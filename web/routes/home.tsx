import { createRoute } from '@tanstack/react-router';
import { seedHomeFirstScreen } from '../features/home/first-screen';
import { HomePage } from '../features/home/home-page';
import { rootRoute } from './root';

/** `/`: kept in the entry chunk so the first paint needs no extra request. */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Home's reads from the page's first screen, before the first render (only its first load carries them).
  loader: ({ context }) => seedHomeFirstScreen(context.queryClient),
  component: HomePage,
});

import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PagePending } from './features/pages/page-pending';
import { RouteError } from './features/pages/route-error';
import { callbackRoute } from './routes/callback';
import { challengesRoute } from './routes/challenges';
import { downloadsRoute } from './routes/downloads';
import { gradenRoute } from './routes/graden';
import { homeRoute } from './routes/home';
import { listTaskRoute } from './routes/list-task';
import { liveRoute } from './routes/live';
import { livestreamRoute } from './routes/livestream';
import { reelsRoute } from './routes/reels';
import { replayRoute } from './routes/replay';
import { rootRoute } from './routes/root';
import { searchRoute } from './routes/search';
import { shortRoute } from './routes/short';
import { studioRoute } from './routes/studio';
import { userRoute } from './routes/user';
import { videoRoute } from './routes/video';
import { walletRoute } from './routes/wallet';

/** The route tree, code-based: one file per route in routes/ (no codegen). */
export const routeTree = rootRoute.addChildren([
  homeRoute,
  reelsRoute,
  gradenRoute,
  livestreamRoute,
  studioRoute,
  challengesRoute,
  searchRoute,
  shortRoute,
  videoRoute,
  userRoute,
  liveRoute,
  replayRoute,
  walletRoute,
  callbackRoute,
  listTaskRoute,
  downloadsRoute,
]);

/** The app's router; loaders get `queryClient` from its context (routes/root.tsx). */
export const createAppRouter = (queryClient: QueryClient) =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: PagePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

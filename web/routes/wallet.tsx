import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const walletRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/wallet',
  component: lazyRouteComponent(() => import('../features/wallet-page/wallet-page'), 'WalletPage'),
});

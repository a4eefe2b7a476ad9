import { createRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../ui/not-built';
import { rootRoute } from './root';

export const walletRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/wallet',
  component: () => <NotBuiltPage title="Wallet" />,
});

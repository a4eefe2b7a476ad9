import { Hono } from 'hono';
import { healthRoutes } from '../api/health/routes';
import type { AppEnv } from '../lib/app-env';
import { relayerDepositRoutes } from './deposit-routes';
import { relayerTipsRoutes } from './tips-routes';
import { relayerUsersRoutes } from './users-routes';
import { relayerWithdrawRoutes } from './withdraw-routes';

/**
 * The relayer (spec "relayer service"): user registration, verified deposit credits, withdrawals
 * and tips, all moving REEL only through the ledger and only for the signed-in owner.
 */
export const relayerRoutes = new Hono<AppEnv>()
  .route('/', healthRoutes('relayer'))
  .route('/api/users', relayerUsersRoutes)
  .route('/api/users', relayerDepositRoutes)
  .route('/api/withdraw', relayerWithdrawRoutes)
  .route('/api/tips', relayerTipsRoutes);

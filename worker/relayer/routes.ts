import { Hono } from 'hono';
import { healthRoutes } from '../api/health/routes';
import type { AppEnv } from '../lib/app-env';
import { relayerUsersRoutes } from './users-routes';

/** The relayer (spec "relayer service"): user registration now; ledger and chain calls follow. */
export const relayerRoutes = new Hono<AppEnv>()
  .route('/', healthRoutes('relayer'))
  .route('/api/users', relayerUsersRoutes);

import { Hono } from 'hono';
import { healthRoutes } from '../api/health/routes';
import type { AppEnv } from '../lib/app-env';

/** The relayer (spec "relayer service"): ledger and chain calls arrive with the money issue. */
export const relayerRoutes = new Hono<AppEnv>().route('/', healthRoutes('relayer'));

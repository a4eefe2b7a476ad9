import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';

/** The spec's transaction calls (accounts §7). */
export const transactionsRoutes = new Hono<AppEnv>();

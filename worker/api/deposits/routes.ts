import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';

/** The spec's deposit reads (accounts §7). */
export const depositsRoutes = new Hono<AppEnv>();

import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';

/** The spec's stream-key calls (live §7). */
export const streamKeysRoutes = new Hono<AppEnv>();

import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { listActiveSessions } from './queries';

export const sessionsRoutes = new Hono<AppEnv>().get('/active', async (c) =>
  c.json({ data: await listActiveSessions(c.env.DB) }),
);

import { Hono } from 'hono';
import type { Health } from '../../../schema/api';
import type { AppEnv } from '../../lib/app-env';

/** `GET /health` for the API and the relayer: answers without touching storage. */
export const healthRoutes = (service: string) =>
  new Hono<AppEnv>().get('/health', (c) =>
    c.json({ data: { status: 'ok', service, time: new Date().toISOString() } satisfies Health }),
  );

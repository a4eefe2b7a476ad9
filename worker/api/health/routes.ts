import { Hono } from 'hono';
import type { Health } from '../../../schema/api';
import type { AppEnv } from '../../lib/app-env';
import { probeD1, probeR2 } from './probes';

/**
 * `GET /health` for the API and the relayer: whether D1 and R2 answer, and the running version.
 * 503 when either does not, so a load balancer or uptime check sees a broken deploy.
 */
export const healthRoutes = (service: string) =>
  new Hono<AppEnv>().get('/health', async (c) => {
    const [d1, r2] = await Promise.all([probeD1(c.env.DB), probeR2(c.env.MEDIA)]);
    const ok = d1 === 'ok' && r2 === 'ok';
    const health: Health = {
      status: ok ? 'ok' : 'error',
      ok,
      service,
      version: c.env.APP_VERSION,
      d1,
      r2,
      time: new Date().toISOString(),
    };
    return c.json({ data: health }, ok ? 200 : 503);
  });

import { Hono } from 'hono';
import type { PublicConfig } from '../../../schema/api';
import { configFor } from '../../config/config';
import type { AppEnv } from '../../lib/app-env';

/** `GET /config`: the public runtime configuration the PWA needs; nothing secret (DESIGN.md §3). */
export const configRoutes = new Hono<AppEnv>().get('/config', (c) => {
  const env = configFor(c.env);
  const config: PublicConfig = {
    appVersion: env.APP_VERSION,
    platformAddress: env.PLATFORM_ADDRESS,
    chain: { network: env.APTOS_NETWORK, nodeUrl: env.APTOS_NODE_URL },
    streamProvider: env.STREAM_PROVIDER,
  };
  return c.json({ data: config });
});

import { Hono } from 'hono';
import type { PublicConfig } from '../../../schema/api';
import type { AppEnv } from '../../lib/app-env';

/** `GET /config`: the public runtime configuration the PWA needs; nothing secret (DESIGN.md §3). */
export const configRoutes = new Hono<AppEnv>().get('/config', (c) => {
  const config: PublicConfig = {
    appVersion: c.env.APP_VERSION,
    platformAddress: c.env.PLATFORM_ADDRESS,
    chain: { network: c.env.APTOS_NETWORK, nodeUrl: c.env.APTOS_NODE_URL },
    streamProvider: c.env.STREAM_PROVIDER,
  };
  return c.json({ data: config });
});

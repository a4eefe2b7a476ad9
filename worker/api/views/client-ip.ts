import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ClientIp } from '../../../schema/views';
import type { AppEnv } from '../../lib/app-env';

/**
 * The caller's IP as Cloudflare saw it. `CF-Connecting-IP` is set by Cloudflare's edge and cannot be
 * forged from outside; `fallback` (a body field) is used only where no edge stands in front.
 */
export const clientIpOf = (c: Context<AppEnv>, fallback?: string): string =>
  c.req.header('CF-Connecting-IP') ?? fallback ?? '';

/** `GET /client-ip`. */
export const clientIpRoutes = new Hono<AppEnv>().get('/', (c) => {
  const data: ClientIp = { ip: clientIpOf(c) };
  return c.json({ data });
});

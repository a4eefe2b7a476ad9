import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';
import { notFound } from '../lib/errors';
import { serveR2Object } from './serve-object';

/**
 * `/media/<key>`: R2 objects with conditional requests (ETag/304) and byte ranges (206), so video
 * elements can seek and browsers can revalidate cheaply (DESIGN.md §6).
 */
export const mediaRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/media\//, ''));
  if (!key || key.includes('..')) throw notFound();
  return serveR2Object(c.env.MEDIA, key, c.req.raw);
});

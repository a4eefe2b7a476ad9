import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';
import { notFound } from '../lib/errors';
import { cacheControlFor } from './cache-policy';
import { resolveRange } from './range';

const headersFor = (key: string, object: R2Object): Headers => {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Accept-Ranges', 'bytes');
  headers.set('Cache-Control', cacheControlFor(key));
  // Browsers must trust our content type, never sniff an upload into something executable.
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/octet-stream');
  return headers;
};

/** True when `If-None-Match` names the object's current entity tag (or `*`). */
const matchesEtag = (header: string | undefined, object: R2Object): boolean =>
  !!header && header.split(',').some((tag) => ['*', object.httpEtag, object.etag].includes(tag.trim()));

/**
 * `/media/<key>`: R2 objects with conditional requests (ETag/304) and byte ranges (206), so video
 * elements can seek and browsers can revalidate cheaply (DESIGN.md §6).
 */
export const mediaRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/media\//, ''));
  if (!key || key.includes('..')) throw notFound();

  const head = await c.env.MEDIA.head(key);
  if (!head) throw notFound('Media not found');
  if (matchesEtag(c.req.header('If-None-Match'), head)) {
    return new Response(null, { status: 304, headers: headersFor(key, head) });
  }

  const range = resolveRange(c.req.header('Range'), head.size);
  if (range === 'unsatisfiable') {
    // Answered here rather than thrown: a 416 must say the size in Content-Range.
    return c.json(
      { error: { code: 'range_not_satisfiable', message: 'Requested range not satisfiable' } },
      416,
      { 'Content-Range': `bytes */${head.size}` },
    );
  }

  const object = await c.env.MEDIA.get(key, range ? { range } : undefined);
  if (!object) throw notFound('Media not found');
  const headers = headersFor(key, object);
  if (!range) {
    headers.set('Content-Length', String(object.size));
    return new Response(object.body, { status: 200, headers });
  }
  headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
  headers.set('Content-Length', String(range.length));
  return new Response(object.body, { status: 206, headers });
});

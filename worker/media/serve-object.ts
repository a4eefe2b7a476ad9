import { notFound } from '../lib/errors';
import {
  cacheControlFor,
  EDGE_CACHE_MAX_BYTES,
  edgeCacheable,
  OWNER_ONLY_CACHE_CONTROL,
} from './cache-policy';
import { resolveRange } from './range';

/** R2 refuses keys over 1024 bytes (its own error, a 500 here); no such object can exist. */
const MAX_KEY_BYTES = 1024;

/** How `serveR2Object` may cache: `cache` is the edge cache (injectable for tests). */
export type ServeOptions = { cache?: Cache | null; ownerOnly?: boolean };

const headersFor = (key: string, object: R2Object, ownerOnly: boolean): Headers => {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Accept-Ranges', 'bytes');
  headers.set('Cache-Control', ownerOnly ? OWNER_ONLY_CACHE_CONTROL : cacheControlFor(key));
  // Browsers must trust our content type, never sniff an upload into something executable.
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/octet-stream');
  return headers;
};

/** True when `If-None-Match` names the object's current entity tag (or `*`). */
const matchesEtag = (header: string | null, object: R2Object): boolean =>
  !!header && header.split(',').some((tag) => ['*', object.httpEtag, object.etag].includes(tag.trim()));

/**
 * The edge cache's view of a request: the URL without its query (one entry per object, whatever
 * a client appends), and only the headers the cache answers by (Range: 206, If-None-Match: 304).
 */
const cacheLookup = (request: Request): Request => {
  const url = new URL(request.url);
  url.search = '';
  const headers = new Headers();
  for (const name of ['Range', 'If-None-Match']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Request(url.toString(), { headers });
};

/** A cached answer with headers the app may still set (security headers, playback's cache policy). */
const fromCache = (cached: Response) => new Response(cached.body, cached);

const defaultCache = (): Cache | null => (typeof caches === 'undefined' ? null : caches.default);

/**
 * Answers one R2 object for a GET request: conditional requests (ETag/304), byte ranges (206, 416
 * past the end) and the cache policy of its key (DESIGN.md §6). Shared by `/media/*`,
 * `/api/videos/proxy/{id}` and `/hls` segments; throws a 404 `ApiError` when the object does not
 * exist.
 *
 * Objects whose key never names other bytes (cache-policy.ts) and that fit the edge cache are
 * answered from the Cache API: the first request puts the whole object there (one R2 read), and
 * every request after it, Range or not, any viewer, is answered by the cache without touching R2
 * until the entry expires by its Cache-Control. `ownerOnly` (a private video's object, its owner
 * asking) never touches the edge cache and answers `private, no-store`.
 */
export const serveR2Object = async (
  bucket: R2Bucket,
  key: string,
  request: Request,
  { cache = defaultCache(), ownerOnly = false }: ServeOptions = {},
): Promise<Response> => {
  if (new TextEncoder().encode(key).byteLength > MAX_KEY_BYTES) throw notFound('Media not found');
  const edge = cache && !ownerOnly && edgeCacheable(key) ? cache : null;
  const lookup = cacheLookup(request);
  if (edge) {
    const cached = await edge.match(lookup);
    if (cached) return fromCache(cached);
  }

  const head = await bucket.head(key);
  if (!head) throw notFound('Media not found');
  if (matchesEtag(request.headers.get('If-None-Match'), head)) {
    return new Response(null, { status: 304, headers: headersFor(key, head, ownerOnly) });
  }

  const range = resolveRange(request.headers.get('Range') ?? undefined, head.size);
  if (range === 'unsatisfiable') {
    // Answered here rather than thrown: a 416 must say the size in Content-Range.
    return Response.json(
      { error: { code: 'range_not_satisfiable', message: 'Requested range not satisfiable' } },
      { status: 416, headers: { 'Content-Range': `bytes */${head.size}` } },
    );
  }

  if (edge && head.size <= EDGE_CACHE_MAX_BYTES) {
    const whole = await bucket.get(key);
    if (!whole) throw notFound('Media not found');
    const headers = headersFor(key, whole, ownerOnly);
    headers.set('Content-Length', String(whole.size));
    await edge.put(lookup.url, new Response(whole.body, { status: 200, headers }));
    const cached = await edge.match(lookup);
    if (cached) return fromCache(cached);
  }

  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) throw notFound('Media not found');
  const headers = headersFor(key, object, ownerOnly);
  if (!range) {
    headers.set('Content-Length', String(object.size));
    return new Response(object.body, { status: 200, headers });
  }
  headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
  headers.set('Content-Length', String(range.length));
  return new Response(object.body, { status: 206, headers });
};

import { notFound } from '../lib/errors';
import { cacheControlFor } from './cache-policy';
import { resolveRange } from './range';

/** R2 refuses keys over 1024 bytes (its own error, a 500 here); no such object can exist. */
const MAX_KEY_BYTES = 1024;

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
const matchesEtag = (header: string | null, object: R2Object): boolean =>
  !!header && header.split(',').some((tag) => ['*', object.httpEtag, object.etag].includes(tag.trim()));

/**
 * Answers one R2 object for a GET request: conditional requests (ETag/304), byte ranges (206, 416
 * past the end) and the cache policy of its key (DESIGN.md §6). Shared by `/media/*` and
 * `/api/videos/proxy/{id}`; throws a 404 `ApiError` when the object does not exist.
 */
export const serveR2Object = async (bucket: R2Bucket, key: string, request: Request): Promise<Response> => {
  if (new TextEncoder().encode(key).byteLength > MAX_KEY_BYTES) throw notFound('Media not found');
  const head = await bucket.head(key);
  if (!head) throw notFound('Media not found');
  if (matchesEtag(request.headers.get('If-None-Match'), head)) {
    return new Response(null, { status: 304, headers: headersFor(key, head) });
  }

  const range = resolveRange(request.headers.get('Range') ?? undefined, head.size);
  if (range === 'unsatisfiable') {
    // Answered here rather than thrown: a 416 must say the size in Content-Range.
    return Response.json(
      { error: { code: 'range_not_satisfiable', message: 'Requested range not satisfiable' } },
      { status: 416, headers: { 'Content-Range': `bytes */${head.size}` } },
    );
  }

  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) throw notFound('Media not found');
  const headers = headersFor(key, object);
  if (!range) {
    headers.set('Content-Length', String(object.size));
    return new Response(object.body, { status: 200, headers });
  }
  headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
  headers.set('Content-Length', String(range.length));
  return new Response(object.body, { status: 206, headers });
};

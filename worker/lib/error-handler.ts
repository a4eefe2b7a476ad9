import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../schema/api';
import { ApiError } from './errors';

const codeForStatus = (status: number): ErrorCode => {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 416:
      return 'range_not_satisfiable';
    case 429:
      return 'rate_limited';
    default:
      return 'internal';
  }
};

/**
 * The one error handler: typed errors become `{error:{code,message}}` with their status; anything
 * else is answered as a generic 500 so no internals leak (lib/request-log.ts logs it, with its stack).
 */
export const handleError = (err: Error, c: Context) => {
  if (err instanceof ApiError) {
    return c.json({ error: { code: err.code, message: err.message } }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json(
      { error: { code: codeForStatus(status), message: err.message || 'Request failed' } },
      status,
    );
  }
  return c.json({ error: { code: 'internal', message: 'Internal server error' } }, 500);
};

/** Unknown paths on the worker's own prefixes answer JSON, never HTML. */
export const handleNotFound = (c: Context) =>
  c.json({ error: { code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` } }, 404);

import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';

const KiB = 1024;
/** Far above any JSON body our routes take (a 2,000-character comment, a profile with its links). */
export const JSON_BODY_MAX_BYTES = 64 * KiB;

/** Only these prefixes take JSON bodies; ingest, media and the local chain have bodies of their own. */
const JSON_PREFIXES = ['/api/', '/relayer/'];
/** The media types Hono's validators parse (`validate('json')`, `validate('form')`). */
const PARSED_BODY = /^application\/(?:[\w.-]+\+)?json$|^application\/x-www-form-urlencoded$/;

const capped = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw new ApiError(
      413,
      'payload_too_large',
      `The request body is larger than ${JSON_BODY_MAX_BYTES / KiB} KB`,
    );
  },
});

/**
 * Refuses a JSON (or URL-encoded) body over 64 KB under `/api` and `/relayer` with a 413 before any
 * route parses it: by its Content-Length, or for a chunked body by counting as it reads, never
 * holding more than the cap. File bodies (multipart forms, upload parts) have their own caps
 * (lib/read-capped-body.ts) and pass through.
 */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const path = c.req.path;
  if (!PARSED_BODY.test(mediaType) || !JSON_PREFIXES.some((prefix) => path.startsWith(prefix))) {
    return next();
  }
  return capped(c, next);
};

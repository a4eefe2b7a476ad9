import type { ErrorCode } from '../../schema/api';

/** A failure the caller should see: its status, a stable code and a human message. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 422 | 429 | 500,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, 'bad_request', message);
export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);
/** Not signed in (or the session is gone). */
export const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);
/** Signed in, but not allowed to do this (someone else's thing, or not registered yet). */
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
/**
 * The request is fine but the state it meets refuses it (taken, already done, in use); a narrower
 * code where a client acts on that one refusal (`session_exists`: the studio loads the session).
 */
export const conflict = (message: string, code: 'conflict' | 'session_exists' = 'conflict') =>
  new ApiError(409, code, message);
/** Too many in a window: `rate_limited` for requests, `quota_exceeded` for a limit on things held. */
export const tooMany = (message: string, code: 'rate_limited' | 'quota_exceeded' = 'rate_limited') =>
  new ApiError(429, code, message);

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

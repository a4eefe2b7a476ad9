import { MESSAGES } from '../../../schema/messages';

/** The server answered with an error status; `message` and `code` are its error's. */
export class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'UploadHttpError';
  }
}

/** The request never got an answer: offline, connection reset, server unreachable. */
export class UploadNetworkError extends Error {
  constructor() {
    super('Network error');
    this.name = 'UploadNetworkError';
  }
}

/** No answer within the upload time-out (30 minutes, content §9). */
export class UploadTimeoutError extends Error {
  constructor() {
    super('Upload timeout');
    this.name = 'UploadTimeoutError';
  }
}

/** The creator cancelled the upload. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** Statuses worth asking again: time-outs, rate limits and server trouble. */
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504, 524]);
/** Statuses a proxy or the platform answers when a request body took too long. */
const GATEWAY_TIMEOUTS = new Set([408, 504, 524]);

/** True when the same request may succeed if sent again; a quota refusal (429) does not clear in seconds. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof UploadNetworkError ||
  (error instanceof UploadHttpError &&
    RETRYABLE_STATUSES.has(error.status) &&
    error.code !== 'quota_exceeded');

/** The spec's text for a failed upload (content §8). */
export const uploadFailureMessage = (error: unknown): string => {
  if (error instanceof UploadTimeoutError) return MESSAGES.upload.timeout;
  if (error instanceof UploadHttpError && GATEWAY_TIMEOUTS.has(error.status))
    return MESSAGES.upload.timeoutLarge;
  if (error instanceof UploadHttpError && error.status === 415) return MESSAGES.upload.invalidVideo;
  return MESSAGES.upload.failed(error instanceof Error ? error.message : undefined);
};

import { MESSAGES } from '../../../schema/messages';
import { ApiRequestError } from '../../lib/api';

/*
 * An upload fails the way a fetch through lib/api.ts does, so one set of checks reads both: an
 * `ApiRequestError` for an answer with an error status, a TypeError when no answer came at all,
 * and the platform's DOMExceptions for the time-out ('TimeoutError') and a cancel ('AbortError').
 */

/** The request never got an answer: offline, connection reset, server unreachable (fetch's TypeError). */
export const networkError = () => new TypeError('Network error');

/** No answer within the upload time-out (30 minutes, content §9). */
export const timeoutError = () => new DOMException('Upload timeout', 'TimeoutError');

/** The creator cancelled the upload. */
export const cancelledError = () => new DOMException('Upload cancelled', 'AbortError');

const isDomError = (error: unknown, name: 'TimeoutError' | 'AbortError') =>
  error instanceof DOMException && error.name === name;

/** True for `cancelledError()`: the creator stopped the upload, nothing failed. */
export const isCancelled = (error: unknown): boolean => isDomError(error, 'AbortError');

/** Statuses worth asking again: time-outs, rate limits and server trouble. */
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504, 524]);
/** Statuses a proxy or the platform answers when a request body took too long. */
const GATEWAY_TIMEOUTS = new Set([408, 504, 524]);

/** True when the same request may succeed if sent again; a quota refusal (429) does not clear in seconds. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof ApiRequestError &&
    RETRYABLE_STATUSES.has(error.status) &&
    error.code !== 'quota_exceeded');

/** The spec's text for a failed upload (content §8). */
export const uploadFailureMessage = (error: unknown): string => {
  if (isDomError(error, 'TimeoutError')) return MESSAGES.upload.timeout;
  if (error instanceof ApiRequestError && GATEWAY_TIMEOUTS.has(error.status))
    return MESSAGES.upload.timeoutLarge;
  if (error instanceof ApiRequestError && error.status === 415) return MESSAGES.upload.invalidVideo;
  return MESSAGES.upload.failed(error instanceof Error ? error.message : undefined);
};

import { cancelledError, isRetryable } from './upload-errors';

/** Tries per request before giving up (time spent offline does not count). */
export const MAX_ATTEMPTS = 6;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * The wait before try `attempt + 1`: 1 s, 2 s, 4 s, ... up to 30 s, each scaled by a random factor
 * in [0.5, 1) so many clients that failed together do not come back together.
 */
export const backoffMs = (attempt: number, random: () => number = Math.random): number =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1)) * (0.5 + random() / 2);

export type RetryOptions = {
  signal: AbortSignal;
  /** Told when the upload starts and stops waiting for the network to come back. */
  onWaitingForNetwork?: (waiting: boolean) => void;
  isOnline?: () => boolean;
};

const cancelled = (signal: AbortSignal) => {
  if (signal.aborted) throw cancelledError();
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(cancelledError());
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** Resolves once the browser reports a network (at once when it already has one). */
export const waitForNetwork = (options: RetryOptions) =>
  new Promise<void>((resolve, reject) => {
    const isOnline = options.isOnline ?? (() => navigator.onLine);
    if (isOnline()) return resolve();
    options.onWaitingForNetwork?.(true);
    const finish = (error?: Error) => {
      window.removeEventListener('online', onOnline);
      options.signal.removeEventListener('abort', onAbort);
      options.onWaitingForNetwork?.(false);
      if (error) reject(error);
      else resolve();
    };
    const onOnline = () => finish();
    const onAbort = () => finish(cancelledError());
    window.addEventListener('online', onOnline);
    options.signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Runs `request` until it succeeds, retrying network failures and server trouble with backoff.
 * While the browser is offline it waits for the network instead of spending tries.
 */
export async function withRetry<T>(request: () => Promise<T>, options: RetryOptions): Promise<T> {
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  for (let attempt = 1; ; ) {
    cancelled(options.signal);
    await waitForNetwork(options);
    try {
      return await request();
    } catch (error) {
      cancelled(options.signal);
      if (!isRetryable(error)) throw error;
      if (!isOnline()) continue;
      if (attempt >= MAX_ATTEMPTS) throw error;
      await sleep(backoffMs(attempt), options.signal);
      attempt++;
    }
  }
}

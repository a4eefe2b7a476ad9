import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../schema/messages';
import { backoffMs, MAX_ATTEMPTS, withRetry } from '../../../web/features/upload/retry';
import {
  isCancelled,
  isRetryable,
  networkError,
  timeoutError,
  uploadFailureMessage,
} from '../../../web/features/upload/upload-errors';
import { ApiRequestError } from '../../../web/lib/api';

describe('backoff between tries', () => {
  it('doubles from 1 s up to 30 s, scaled into [0.5, 1) by the jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffMs(attempt, () => 0.999999))).toEqual(
      [1000, 2000, 4000, 8000, 16000, 30000, 30000].map((ms) => ms * (0.5 + 0.999999 / 2)),
    );
    expect(backoffMs(3, () => 0)).toBe(2000);
  });
});

describe('which failures are worth another try', () => {
  it.each([
    [networkError(), true],
    [new ApiRequestError(503, null, 'Service unavailable'), true],
    [new ApiRequestError(429, null, 'Too many requests'), true],
    [new ApiRequestError(400, null, 'Part 2 arrived incomplete: send it again'), false],
    [new ApiRequestError(403, null, 'This upload is not yours'), false],
    [new ApiRequestError(415, null, MESSAGES.upload.invalidVideo), false],
    [timeoutError(), false],
    [new Error('boom'), false],
  ])('%s: %s', (error, retryable) => {
    expect(isRetryable(error)).toBe(retryable);
  });
});

describe('the message a failed upload shows', () => {
  it.each([
    [timeoutError(), MESSAGES.upload.timeout],
    [new ApiRequestError(504, null, 'Gateway Timeout'), MESSAGES.upload.timeoutLarge],
    [new ApiRequestError(415, null, MESSAGES.upload.invalidVideo), MESSAGES.upload.invalidVideo],
    [
      new ApiRequestError(413, null, 'The file is too large: the limit is 32 MB'),
      'Upload failed: The file is too large: the limit is 32 MB',
    ],
    [networkError(), 'Upload failed: Network error'],
    [new Error(''), 'Upload failed: Unknown error'],
    ['not an error', 'Upload failed: Unknown error'],
  ])('%s -> %s', (error, message) => {
    expect(uploadFailureMessage(error)).toBe(message);
  });
});

describe('retrying a request', () => {
  afterEach(() => vi.useRealTimers());
  const online = { signal: new AbortController().signal, isOnline: () => true };

  it('tries again after a network failure and answers the first success', async () => {
    vi.useFakeTimers();
    const request = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(new ApiRequestError(502, null, 'Bad gateway'))
      .mockResolvedValue('confirmed');
    const result = withRetry(request, online);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('confirmed');
    expect(request).toHaveBeenCalledTimes(3);
  });

  it(`gives up after ${MAX_ATTEMPTS} tries with the last failure`, async () => {
    vi.useFakeTimers();
    const request = vi.fn<() => Promise<string>>().mockRejectedValue(networkError());
    const result = withRetry(request, online);
    const settled = expect(result).rejects.toBeInstanceOf(TypeError);
    await vi.runAllTimersAsync();
    await settled;
    expect(request).toHaveBeenCalledTimes(MAX_ATTEMPTS);
  });

  it('does not retry a refusal', async () => {
    const request = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new ApiRequestError(403, null, 'Not yours'));
    await expect(withRetry(request, online)).rejects.toThrow('Not yours');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('stops when the upload is cancelled during the backoff', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const request = vi.fn<() => Promise<string>>().mockRejectedValue(networkError());
    const result = withRetry(request, { signal: controller.signal, isOnline: () => true });
    const settled = expect(result).rejects.toSatisfy(isCancelled);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await settled;
    expect(request).toHaveBeenCalledTimes(1);
  });
});

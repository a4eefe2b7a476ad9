import { describe, expect, it } from 'vitest';
import { isRetryable, uploadFailureMessage } from '../../../web/features/upload/upload-errors';
import { ApiRequestError } from '../../../web/lib/api';

const OPEN_LIMIT = 'You have 3 uploads in progress. Finish or cancel one before starting another.';

describe('an upload refused by its quota', () => {
  it('is not sent again: waiting a few seconds frees no quota', () => {
    expect(isRetryable(new ApiRequestError(429, 'quota_exceeded', OPEN_LIMIT))).toBe(false);
    expect(
      isRetryable(
        new ApiRequestError(429, 'rate_limited', 'Too many requests. Please try again in a minute.'),
      ),
    ).toBe(true);
  });

  it("shows the server's reason in the spec's failure text", () => {
    expect(uploadFailureMessage(new ApiRequestError(429, 'quota_exceeded', OPEN_LIMIT))).toBe(
      `Upload failed: ${OPEN_LIMIT}`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  isRetryable,
  UploadHttpError,
  uploadFailureMessage,
} from '../../../web/features/upload/upload-errors';

const OPEN_LIMIT = 'You have 3 uploads in progress. Finish or cancel one before starting another.';

describe('an upload refused by its quota', () => {
  it('is not sent again: waiting a few seconds frees no quota', () => {
    expect(isRetryable(new UploadHttpError(429, OPEN_LIMIT, 'quota_exceeded'))).toBe(false);
    expect(
      isRetryable(
        new UploadHttpError(429, 'Too many requests. Please try again in a minute.', 'rate_limited'),
      ),
    ).toBe(true);
  });

  it("shows the server's reason in the spec's failure text", () => {
    expect(uploadFailureMessage(new UploadHttpError(429, OPEN_LIMIT, 'quota_exceeded'))).toBe(
      `Upload failed: ${OPEN_LIMIT}`,
    );
  });
});

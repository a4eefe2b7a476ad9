import { configFor } from '../../config/config';
import { tooMany } from '../../lib/errors';
import type { UploadQuota, UploadUsage } from './upload-queries';

const GiB = 1024 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A user's upload quota as of `now` (wrangler.toml [vars] `MAX_OPEN_UPLOADS`,
 * `UPLOAD_DAILY_QUOTA_BYTES`): multipart uploads open at once, and bytes in any 24 hours. Both count
 * only the last 24 hours, so an upload left open longer stops holding a place (R2 drops its parts
 * after a week). Bytes count once uploaded, even if the upload is aborted or its video deleted: a
 * refund would let declare-and-abort cycles write past the cap.
 */
export const uploadQuota = (env: Env, now: Date): UploadQuota => {
  const config = configFor(env);
  return {
    since: new Date(now.getTime() - DAY_MS).toISOString(),
    maxOpen: config.MAX_OPEN_UPLOADS,
    dailyBytes: config.UPLOAD_DAILY_QUOTA_BYTES,
  };
};

const gigabytes = (bytes: number) => `${Number((bytes / GiB).toFixed(1))} GB`;

/** 429 when a new multipart upload would be one too many open at once. */
export const assertOpenUploadAllowed = (quota: UploadQuota, usage: UploadUsage) => {
  if (usage.open >= quota.maxOpen) {
    throw tooMany(
      `You have ${quota.maxOpen} uploads in progress. Finish or cancel one before starting another.`,
      'quota_exceeded',
    );
  }
};

/** 429 when `size` more bytes would pass the daily quota. */
export const assertDailyBytesAllowed = (quota: UploadQuota, usage: UploadUsage, size: number) => {
  if (usage.bytes + size > quota.dailyBytes) {
    throw tooMany(
      `Daily upload limit reached: ${gigabytes(quota.dailyBytes)} per 24 hours. Try again later.`,
      'quota_exceeded',
    );
  }
};

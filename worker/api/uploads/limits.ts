import { DEFAULT_MAX_UPLOAD_BYTES, DIRECT_UPLOAD_MAX_BYTES } from '../../../schema/uploads';
import { configFor } from '../../config/config';
import { ApiError } from '../../lib/errors';

const MiB = 1024 * 1024;
/** Parts of 8 MiB: above R2's 5 MiB minimum, small enough that a lost part costs little to resend. */
const PART_SIZE = 8 * MiB;
/** R2 completes at most 10,000 parts; a larger cap than 4 GiB makes the parts grow to fit. */
const MAX_PARTS = 10_000;

/** The cap on one video: the `MAX_UPLOAD_BYTES` var when set (a `[vars]` entry), else 4 GiB. */
export const maxUploadBytes = (env: Env): number =>
  configFor(env).MAX_UPLOAD_BYTES ?? DEFAULT_MAX_UPLOAD_BYTES;

/** The one-request upload's cap: the video cap, but never more than the worker can hold in memory. */
export const directUploadMaxBytes = (env: Env): number =>
  Math.min(maxUploadBytes(env), DIRECT_UPLOAD_MAX_BYTES);

/** The part size of a multipart upload of `size` bytes: 8 MiB, or whole MiB above it past 80 GB. */
export const partSizeFor = (size: number): number =>
  Math.max(PART_SIZE, Math.ceil(size / MAX_PARTS / MiB) * MiB);

export const tooLarge = (limitBytes: number) =>
  new ApiError(
    413,
    'payload_too_large',
    `The file is too large: the limit is ${Math.floor(limitBytes / MiB)} MB`,
  );

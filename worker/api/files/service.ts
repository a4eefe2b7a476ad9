import { bytesToHex } from '@noble/hashes/utils.js';
import { MESSAGES } from '../../../schema/messages';
import { ApiError } from '../../lib/errors';
import { mediaUrl } from '../../lib/rows';
import { sniffImageType } from './image-type';

/** Avatars and banners: 5 MiB is far above a good profile picture and bounds what one call stores. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type StoredImage = { hash: string; url: string };

/**
 * Stores an image content-addressed at `images/<sha256>.<ext>` (DESIGN.md §6), the format judged
 * by its bytes; anything else is a 415 and nothing is written. The same bytes always land on the
 * same key, so a second upload rewrites nothing.
 */
export const storeImage = async (bucket: R2Bucket, file: File): Promise<StoredImage> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new ApiError(415, 'unsupported_media_type', MESSAGES.imageUpload.invalidImage);
  const hash = bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  const key = `images/${hash}.${type.ext}`;
  if (!(await bucket.head(key))) {
    // R2 checks the sha-256 on write, so a key can never hold other bytes than its name says.
    await bucket.put(key, bytes, { sha256: hash, httpMetadata: { contentType: type.contentType } });
  }
  return { hash, url: mediaUrl(key) };
};

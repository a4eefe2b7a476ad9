/**
 * The image types the upload API accepts (it judges the bytes; this is the early, friendly check).
 * SVG is left out on purpose: it can carry script.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Shown under the upload buttons so people know the limits before they pick. */
export const IMAGE_HINT = 'PNG, JPEG, GIF or WebP, up to 5 MB';

/** True when the picked file declares one of the accepted image types. */
export const isAcceptedImage = (file: { type: string }): boolean =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());

/** The upload API's cap (worker/api/files); bigger files are refused before any byte is sent. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

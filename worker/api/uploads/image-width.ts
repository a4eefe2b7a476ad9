/*
 * The pixel width of a WebP or JPEG picture, read from its header, so the width a poster size is
 * listed under in `srcset` is the one its bytes have, never one the client claims.
 */

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u24le = (b: Uint8Array, at: number) =>
  (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** WebP: the simple lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) header. */
const webpWidth = (b: Uint8Array): number | null => {
  switch (fourcc(b, 12)) {
    case 'VP8 ':
      // A key frame's start code, then 14 bits of width (the top two bits are the scale).
      return b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a ? u24le(b, 26) & 0x3fff : null;
    case 'VP8L':
      return b[20] === 0x2f ? 1 + ((((b[22] ?? 0) & 0x3f) << 8) | (b[21] ?? 0)) : null;
    case 'VP8X':
      return b.length >= 30 ? 1 + u24le(b, 24) : null;
    default:
      return null;
  }
};

/** Start-of-frame markers carry the size; C4, C8 and CC share the range but are other segments. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the segments after SOI to the first start-of-frame. */
const jpegWidth = (b: Uint8Array): number | null => {
  let at = 2;
  while (at + 9 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) return u16be(b, at + 7);
    at += 2 + u16be(b, at + 2);
  }
  return null;
};

/** The width of `bytes` as a picture of `ext`, or null when its header does not say one. */
export const imageWidth = (bytes: Uint8Array, ext: 'webp' | 'jpg'): number | null => {
  const width = ext === 'webp' ? webpWidth(bytes) : jpegWidth(bytes);
  return width && width > 0 ? width : null;
};

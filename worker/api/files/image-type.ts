/** An image format we accept, as its bytes announce it. */
export type ImageType = { ext: 'png' | 'jpg' | 'gif' | 'webp'; contentType: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const SIGNATURES: ReadonlyArray<{ type: ImageType; matches: (bytes: Uint8Array) => boolean }> = [
  {
    type: { ext: 'png', contentType: 'image/png' },
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    type: { ext: 'jpg', contentType: 'image/jpeg' },
    matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  },
  {
    type: { ext: 'gif', contentType: 'image/gif' },
    matches: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')),
  },
  {
    type: { ext: 'webp', contentType: 'image/webp' },
    matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
  },
];

/**
 * The image format of `bytes` judged by their magic number, never by a declared type or name.
 * Only raster formats pass: SVG is refused because it is a document that can carry script.
 */
export const sniffImageType = (bytes: Uint8Array): ImageType | null =>
  SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;

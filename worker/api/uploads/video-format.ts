/** A video container we accept, as the stored object's content type and file extension. */
export type VideoFormat = {
  contentType: string;
  ext: string;
  /** ISO base media (MP4, MOV: an `ftyp` box) or EBML (WebM, Matroska): what the bytes can prove. */
  family: 'isobmff' | 'ebml';
};

const MP4: VideoFormat = { contentType: 'video/mp4', ext: '.mp4', family: 'isobmff' };
const M4V: VideoFormat = { contentType: 'video/mp4', ext: '.m4v', family: 'isobmff' };
const MOV: VideoFormat = { contentType: 'video/quicktime', ext: '.mov', family: 'isobmff' };
const WEBM: VideoFormat = { contentType: 'video/webm', ext: '.webm', family: 'ebml' };
const MKV: VideoFormat = { contentType: 'video/x-matroska', ext: '.mkv', family: 'ebml' };

const BY_EXTENSION: Readonly<Record<string, VideoFormat>> = {
  '.mp4': MP4,
  '.m4v': M4V,
  '.mov': MOV,
  '.webm': WEBM,
  '.mkv': MKV,
};

const BY_CONTENT_TYPE: Readonly<Record<string, VideoFormat>> = {
  'video/mp4': MP4,
  'video/x-m4v': M4V,
  'video/quicktime': MOV,
  'video/webm': WEBM,
  'video/x-matroska': MKV,
  'video/matroska': MKV,
};

/*
 * ISO base media files that are not videos: HEIF/AVIF still images and image sequences, and
 * iTunes audio. Their `ftyp` box looks like a video's, so their major brand rules them out.
 */
const NON_VIDEO_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'M4A ',
  'M4B ',
  'M4P ',
]);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
/** The EBML header, which names the DocType, sits within the first few dozen bytes. */
const EBML_HEADER_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/**
 * The video container `bytes` (the start of a file) announce by their magic numbers, never by a
 * declared type or name: MP4/MOV by an `ftyp` box with a video brand, WebM/Matroska by the EBML
 * magic and DocType. Anything else, including HEIF images and M4A audio, is null.
 */
export const sniffVideoFormat = (bytes: Uint8Array): VideoFormat | null => {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (NON_VIDEO_BRANDS.has(brand)) return null;
    return brand === 'qt  ' ? MOV : MP4;
  }
  if (EBML_MAGIC.every((byte, i) => bytes[i] === byte)) {
    const header = ascii(bytes, 4, EBML_HEADER_BYTES);
    if (header.includes('webm')) return WEBM;
    if (header.includes('matroska')) return MKV;
  }
  return null;
};

/** The lowercased extension of a file name ('.mp4'), or '' when it has none. */
export const extensionOf = (fileName: string): string => {
  const match = /\.[A-Za-z0-9]{1,8}$/.exec(fileName);
  return match ? match[0].toLowerCase() : '';
};

/**
 * The format a file claims by its declared type, else by its name; null when neither names a
 * container we accept. The bytes must later agree (`sniffVideoFormat`, same `family`).
 */
export const declaredVideoFormat = (fileName: string, contentType: string): VideoFormat | null => {
  const declared = BY_CONTENT_TYPE[contentType.split(';')[0]?.trim().toLowerCase() ?? ''];
  const named = BY_EXTENSION[extensionOf(fileName)];
  if (declared) return named?.family === declared.family ? { ...declared, ext: named.ext } : declared;
  return named ?? null;
};

/**
 * The extension of the stored name: the original one (content §5) when it names a container of
 * the same family as the bytes, else the one of the format the bytes announced.
 */
export const storedExtension = (fileName: string, format: VideoFormat): string => {
  const named = BY_EXTENSION[extensionOf(fileName)];
  return named?.family === format.family ? named.ext : format.ext;
};

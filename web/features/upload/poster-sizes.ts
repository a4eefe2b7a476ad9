import type { VideoType } from '../../../schema/content';
import { POSTER_SIZE_MAX_BYTES, posterWidths } from '../../../schema/posters';
import { detectVideoType } from '../../../schema/uploads';

/** The poster frame at one card width (schema/posters.ts), encoded. */
export type PosterSize = { width: number; blob: Blob };

/** WebP at this quality is about a third of a JPEG of the same look; JPEG as the house poster does. */
const WEBP_QUALITY = 0.75;
const JPEG_QUALITY = 0.82;

type Encoder = Pick<HTMLCanvasElement, 'toBlob'>;

const toBlob = (canvas: Encoder, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * Whether the browser's answer to a WebP request is one: a browser that cannot encode WebP answers
 * a PNG instead (the canvas spec's fallback; Safari before 17) or nothing.
 */
export const isWebp = (blob: Blob | null): blob is Blob => blob?.type === 'image/webp';

/** The canvas as WebP, or as JPEG where the browser does not encode WebP; null when neither works. */
export async function encodePosterSize(canvas: Encoder): Promise<Blob | null> {
  const webp = await toBlob(canvas, 'image/webp', WEBP_QUALITY);
  if (isWebp(webp)) return webp;
  const jpeg = await toBlob(canvas, 'image/jpeg', JPEG_QUALITY);
  return jpeg?.type === 'image/jpeg' ? jpeg : null;
}

/**
 * Draws a picture (a video's current frame, or a canvas holding one) at the card widths a `type`
 * wants (never wider than the picture) and encodes each. A width the browser cannot draw or that
 * comes out over the server's cap is left out: the cards then pick among the others, or the full
 * poster.
 */
export async function drawPosterSizesOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  type: VideoType,
): Promise<PosterSize[]> {
  const sizes: PosterSize[] = [];
  for (const target of posterWidths(type, width)) {
    const canvas = document.createElement('canvas');
    canvas.width = target;
    canvas.height = Math.max(1, Math.round((target * height) / width));
    const context = canvas.getContext('2d');
    if (!context) continue;
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const blob = await encodePosterSize(canvas);
    if (blob && blob.size <= POSTER_SIZE_MAX_BYTES) sizes.push({ width: target, blob });
  }
  return sizes;
}

/** The video's current frame at the card widths of the type the upload will make of it. */
export function drawPosterSizes(video: HTMLVideoElement, duration: number): Promise<PosterSize[]> {
  const { videoWidth: width, videoHeight: height } = video;
  return drawPosterSizesOf(video, width, height, detectVideoType({ width, height, duration }));
}

/** The file name a size travels under (the server judges the bytes, not the name). */
export const posterSizeName = (size: PosterSize) =>
  `poster-${size.width}.${size.blob.type === 'image/webp' ? 'webp' : 'jpg'}`;

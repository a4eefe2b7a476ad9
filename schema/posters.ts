import * as z from 'zod/mini';
import type { VideoType } from './content';

/*
 * Poster sizes (issue 20 §1): besides the one poster frame (`thumbnail`, a JPEG up to 1280 px that
 * the watch page, the media session and link previews use), the browser draws the frame at two or
 * three widths for the cards, so a phone downloads a picture the size it shows instead of the
 * whole frame. Cards pick one through `srcset`/`sizes`; videos without sizes fall back to
 * `thumbnail`. The answer's shape (`PosterSizeSchema`) lives in content.ts: home reads it, while this
 * file is the upload's (its schemas would weigh on home's first load, DESIGN.md §10).
 */

/**
 * The widths a card may want, by the card's kind: a video card fills a phone's width (about 360 to
 * 412 CSS px, 1.75x to 3x device pixels) or a 250-350 px desktop column; a short card is half a
 * phone's width or a 140-200 px desktop column.
 */
export const POSTER_WIDTHS: Readonly<Record<VideoType, readonly number[]>> = {
  video: [320, 480, 720],
  short: [240, 360, 540],
};

/** At most this many sizes per video (the longest plan). */
export const MAX_POSTER_SIZES = 3;
/** A size is one small WebP or JPEG picture: 720 px wide is some 20-80 KB, far below this. */
export const POSTER_SIZE_MAX_BYTES = 256 * 1024;
/** No size is wider than the full poster frame. */
export const POSTER_SIZE_MAX_WIDTH = 1280;

/**
 * The widths to draw a `sourceWidth` px frame at for a card of `type`: the plan's widths below the
 * source, then the source's own width when it is not wider than the plan's largest (never upscaled:
 * a 640 px video gets 320, 480 and 640). None when the width is unknown.
 */
export function posterWidths(type: VideoType, sourceWidth: number): number[] {
  if (sourceWidth <= 0) return [];
  const plan = POSTER_WIDTHS[type];
  const below = plan.filter((width) => width < sourceWidth);
  const largest = plan[plan.length - 1] ?? 0;
  return sourceWidth <= largest ? [...below, Math.min(sourceWidth, POSTER_SIZE_MAX_WIDTH)] : below;
}

/** A poster size uploaded as an image (`POST /api/files/image`): content-addressed WebP or JPEG. */
export const PosterSizeUrlSchema = z
  .string()
  .check(
    z.regex(
      /^\/media\/images\/[0-9a-f]{64}\.(webp|jpg)$/,
      'Use poster sizes uploaded as WebP or JPEG images',
    ),
  );

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { posterWidths } from '../../schema/posters';

/** One entry of scripts/seed-media/manifest.json, written by make.sh with ffprobe. */
const ManifestEntrySchema = z.object({
  name: z.string(),
  kind: z.enum(['short', 'video']),
  file: z.string(),
  poster: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  duration: z.number().int().positive(),
  sizeBytes: z.number().int().positive(),
});
const ManifestSchema = z.array(ManifestEntrySchema).min(1);

/** An object to put in R2 under its content-addressed key. */
export type MediaObject = { key: string; body: Uint8Array; contentType: string };

/** A demo clip with its poster, ready to be referenced from `videos` rows. */
export type MediaAsset = {
  name: string;
  kind: 'short' | 'video';
  width: number;
  height: number;
  duration: number;
  sizeBytes: number;
  mediaKey: string;
  thumbnailKey: string;
  /** The poster at card widths (schema/posters.ts), narrowest first, as an upload makes them. */
  posterSizes: Array<{ width: number; key: string }>;
  /** The clip, its poster and its poster sizes. */
  objects: MediaObject[];
};

export const sha256Hex = (bytes: Uint8Array | string): string =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * Builds the R2 object for `body` under `<prefix>/<sha256>.<ext>`: content addressing makes the
 * worker's `Cache-Control: immutable` safe and reseeding the same bytes a no-op.
 */
export function contentAddressed(prefix: string, ext: string, body: Uint8Array, contentType: string) {
  return { key: `${prefix}/${sha256Hex(body)}.${ext}`, body, contentType } satisfies MediaObject;
}

/** The URL the worker serves an R2 key at (`/media/<key>`). */
export const mediaUrl = (key: string): string => `/media/${key}`;

/**
 * A plain Uint8Array copy of a file. Node's Buffer does not survive the platform proxy: miniflare
 * revives typed arrays by constructor name and refuses `Buffer` (and small Buffers share a pool).
 */
const readBytes = async (dir: string, file: string): Promise<Uint8Array> =>
  new Uint8Array(await readFile(join(dir, file)));

/**
 * The clip's poster sizes, `<name>-<width>.webp` for each width `posterWidths` plans for its frame
 * (drawn by make-poster-sizes.sh); a missing file fails the seed rather than a card.
 */
const loadPosterSizes = (mediaDir: string, entry: z.infer<typeof ManifestEntrySchema>) =>
  Promise.all(
    posterWidths(entry.kind, entry.width).map(async (width) => ({
      width,
      object: contentAddressed(
        'images',
        'webp',
        await readBytes(mediaDir, `${entry.name}-${width}.webp`),
        'image/webp',
      ),
    })),
  );

/** Reads the checked-in clips, posters and poster sizes listed in the manifest. */
export async function loadMediaAssets(mediaDir: string): Promise<MediaAsset[]> {
  const manifest = ManifestSchema.parse(JSON.parse(await readFile(join(mediaDir, 'manifest.json'), 'utf8')));
  return Promise.all(
    manifest.map(async (entry): Promise<MediaAsset> => {
      const [video, poster, sizes] = await Promise.all([
        readBytes(mediaDir, entry.file),
        readBytes(mediaDir, entry.poster),
        loadPosterSizes(mediaDir, entry),
      ]);
      const videoObject = contentAddressed('videos', 'mp4', video, 'video/mp4');
      const posterObject = contentAddressed('thumbs', 'jpg', poster, 'image/jpeg');
      return {
        name: entry.name,
        kind: entry.kind,
        width: entry.width,
        height: entry.height,
        duration: entry.duration,
        // The bytes on disk win over the manifest if someone re-encoded without rerunning make.sh.
        sizeBytes: video.byteLength,
        mediaKey: videoObject.key,
        thumbnailKey: posterObject.key,
        posterSizes: sizes.map(({ width, object }) => ({ width, key: object.key })),
        objects: [videoObject, posterObject, ...sizes.map((size) => size.object)],
      };
    }),
  );
}

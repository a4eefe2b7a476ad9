import { randomHex } from '../lib/crypto';

/**
 * Where the local ingest keeps a stream's segments in R2: under its public playback id, never its
 * secret key. Object names carry random bytes: everything in R2 is also readable under `/media`, so
 * a segment must not be guessable from the (public) playback id alone.
 */
export const livePrefix = (playbackId: string): string => `live/${playbackId}/`;

export const segmentObjectKey = (playbackId: string, objectName: string): string =>
  `${livePrefix(playbackId)}${objectName}`;

/**
 * The stream's still frame (the encoder's `poster.jpg`): one fixed object per stream, overwritten by
 * each update. Fixed is safe here because `/media` refuses every `live/` key (media/routes.ts): it is
 * read only through `/hls`, which refuses a private stream.
 */
export const posterObjectKey = (playbackId: string): string => `${livePrefix(playbackId)}poster.jpg`;

/** A fresh object name for a segment: unique across encoder restarts, so cacheable for good. */
export const newSegmentObjectName = (): string => `${randomHex(12)}.ts`;

/** Removes every stored segment of a stream (R2 deletes at most 1000 keys per call). */
export const deleteLiveObjects = async (bucket: R2Bucket, playbackId: string): Promise<void> => {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: livePrefix(playbackId), cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
};

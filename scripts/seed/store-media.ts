import type { R2Bucket } from '@cloudflare/workers-types';
import type { MediaObject } from './media';

/**
 * Puts each object unless its key is already there. Keys are content hashes, so an existing key
 * already holds these exact bytes and rewriting megabytes of video on every run would be waste.
 * Answers how many objects were written.
 */
export async function putMediaObjects(bucket: R2Bucket, objects: readonly MediaObject[]): Promise<number> {
  const unique = [...new Map(objects.map((o) => [o.key, o])).values()];
  const written = await Promise.all(
    unique.map(async (o) => {
      if (await bucket.head(o.key)) return 0;
      await bucket.put(o.key, o.body, { httpMetadata: { contentType: o.contentType } });
      return 1;
    }),
  );
  return written.reduce<number>((sum, n) => sum + n, 0);
}

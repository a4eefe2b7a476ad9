import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { serveR2Object } from '../../worker/media/serve-object';

const SIZE = 300_000;
const bytes = Uint8Array.from({ length: SIZE }, (_, i) => (i * 7 + (i >> 10)) & 0xff);

/** The MEDIA binding with a count of the R2 reads (get and head) made through it. */
const countingBucket = () => {
  const reads = { count: 0 };
  const bucket = new Proxy(env.MEDIA, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'get' || property === 'head') {
        return (...args: unknown[]) => {
          reads.count++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { bucket, reads };
};

/** What a video element asks for while it plays and seeks: the start, a seek, the tail, all of it. */
const VIEW: (string | null)[] = ['bytes=0-', 'bytes=1000-1999', 'bytes=-500', 'bytes=250000-260000', null];

/** Byte equality without a deep diff of 300,000 numbers (which takes seconds). */
const hex = async (data: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');

const expectExact = async (response: Response, range: string | null) => {
  const body = new Uint8Array(await response.arrayBuffer());
  if (range === null) {
    expect(response.status).toBe(200);
    expect(await hex(body)).toBe(await hex(bytes));
    return;
  }
  const [, from = '', to = ''] = /^bytes=(\d*)-(\d*)$/.exec(range) ?? [];
  const start = from === '' ? SIZE - Number(to) : Number(from);
  const end = from === '' || to === '' ? SIZE - 1 : Number(to);
  expect(response.status).toBe(206);
  expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`);
  expect(response.headers.get('content-length')).toBe(String(end - start + 1));
  expect(await hex(body)).toBe(await hex(bytes.slice(start, end + 1)));
};

const view = async (bucket: R2Bucket, key: string, path: string, cache: Cache | null) => {
  for (const range of VIEW) {
    const request = new Request(`http://reel.test${path}`, { headers: range ? { Range: range } : {} });
    await expectExact(await serveR2Object(bucket, key, request, { cache }), range);
  }
};

describe('media from the edge cache', () => {
  it("answers a second viewer's ranges from the cache with 0 R2 reads, byte-exact", async () => {
    const key = `live/pb-${crypto.randomUUID().slice(0, 8)}/${'ab'.repeat(12)}.ts`;
    await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'video/mp2t' } });
    const cache = await caches.open(`edge-${crypto.randomUUID()}`);
    const { bucket, reads } = countingBucket();

    await view(bucket, key, `/hls/${key.slice(5)}`, cache);
    const firstViewer = reads.count;
    await view(bucket, key, `/hls/${key.slice(5)}`, cache);
    expect({ firstViewer, secondViewer: reads.count - firstViewer }).toEqual({
      firstViewer: 2,
      secondViewer: 0,
    });
  });

  it('reads R2 on every request without the cache (today: head and get each)', async () => {
    const key = `videos/abcdefgh${Date.now()}.mp4`;
    await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'video/mp4' } });
    const { bucket, reads } = countingBucket();
    await view(bucket, key, `/media/${key}`, null);
    expect(reads.count).toBe(2 * VIEW.length);
  });

  it('caches only keys that never name other bytes', async () => {
    const key = `uploads/overwritable-${crypto.randomUUID().slice(0, 8)}.bin`;
    await env.MEDIA.put(key, bytes);
    const cache = await caches.open(`edge-${crypto.randomUUID()}`);
    const { bucket, reads } = countingBucket();
    await view(bucket, key, `/media/${key}`, cache);
    await view(bucket, key, `/media/${key}`, cache);
    expect(reads.count).toBe(4 * VIEW.length);
  });

  it('answers 304 from the cache for the ETag it holds', async () => {
    const key = `videos/qwertyui${Date.now()}.mp4`;
    await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'video/mp4' } });
    const cache = await caches.open(`edge-${crypto.randomUUID()}`);
    const { bucket, reads } = countingBucket();
    const first = await serveR2Object(bucket, key, new Request(`http://reel.test/media/${key}`), { cache });
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const again = await serveR2Object(
      bucket,
      key,
      new Request(`http://reel.test/media/${key}`, { headers: { 'If-None-Match': etag } }),
      { cache },
    );
    expect(again.status).toBe(304);
    expect(reads.count).toBe(2);
  });

  it('serves /media through the cache with the same headers, twice alike', async () => {
    const key = `videos/zxcvbnml${Date.now()}.mp4`;
    await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'video/mp4' } });
    for (let viewer = 0; viewer < 2; viewer++) {
      const response = await SELF.fetch(`http://reel.test/media/${key}`, {
        headers: { Range: 'bytes=1000-1999' },
      });
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      await expectExact(response, 'bytes=1000-1999');
    }
  });
});

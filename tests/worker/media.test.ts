import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';

const SHA = 'a'.repeat(64);
const KEY = `videos/${SHA}.mp4`;
const bytes = new Uint8Array(1000).map((_, i) => i % 251);
const get = (path: string, headers: HeadersInit = {}) => SELF.fetch(`http://reel.test${path}`, { headers });

describe('/media/*', () => {
  beforeEach(async () => {
    await env.MEDIA.put(KEY, bytes, { httpMetadata: { contentType: 'video/mp4' } });
    await env.MEDIA.put('uploads/plain.txt', 'hello', { httpMetadata: { contentType: 'text/plain' } });
  });

  it('serves a whole object with its type, an ETag and a year of cache for content-addressed keys', async () => {
    const response = await get(`/media/${KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('keeps a short cache for keys that are not content-addressed', async () => {
    const response = await get('/media/uploads/plain.txt');
    expect(await response.text()).toBe('hello');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers 304 when the browser already has this version', async () => {
    const etag = (await get(`/media/${KEY}`)).headers.get('etag') ?? '';
    const response = await get(`/media/${KEY}`, { 'If-None-Match': etag });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('serves a byte range with 206 so a player can seek', async () => {
    const response = await get(`/media/${KEY}`, { Range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(100, 200));
  });

  it('serves open-ended and suffix ranges', async () => {
    const open = await get(`/media/${KEY}`, { Range: 'bytes=990-' });
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.slice(990));

    const suffix = await get(`/media/${KEY}`, { Range: 'bytes=-10' });
    expect(suffix.status).toBe(206);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(990));
  });

  it('answers 416 with the size for a range past the end', async () => {
    const response = await get(`/media/${KEY}`, { Range: 'bytes=5000-6000' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */1000');
  });

  it('answers a JSON 404 for a missing object', async () => {
    const response = await get('/media/videos/missing.mp4');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('/media/* with keys R2 cannot hold', () => {
  const expectNotFound = async (path: string) => {
    const response = await get(path);
    expect(response.status, path.slice(0, 60)).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  };

  it('answers a JSON 404 for a malformed percent-encoding', async () => {
    await expectNotFound('/media/%E0%A4%A');
    await expectNotFound('/media/videos/%');
  });

  it('answers a JSON 404 for a key longer than R2 allows (1024 bytes)', async () => {
    await expectNotFound(`/media/${'k'.repeat(1100)}`);
    // 600 characters, 1200 bytes of UTF-8.
    await expectNotFound(`/media/${encodeURIComponent('é'.repeat(600))}`);
  });

  it('answers a JSON 4xx, never a 500, through the HLS and proxy paths too', async () => {
    await expectNotFound('/hls/%E0%A4%A/index.m3u8');
    await expectNotFound(`/hls/${'p'.repeat(1100)}/${'a'.repeat(24)}.ts`);
    for (const path of ['/api/videos/proxy/%E0%A4%A', `/api/videos/proxy/${'v'.repeat(1100)}`]) {
      const response = await get(path);
      // A proxy id is validated first: a malformed one is a 400, an unknown one a 404.
      expect([400, 404], path.slice(0, 60)).toContain(response.status);
      expect(await response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
  });
});

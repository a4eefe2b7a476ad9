import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertUser, insertVideo } from '../factories/content';
import { setMediaKeys, signUp } from '../factories/views';
import { newCaller } from './session';

const KEY = 'videos/proxy-short.mp4';
const bytes = new Uint8Array(2000).map((_, i) => i % 241);

describe('GET /api/videos/proxy/{id}', () => {
  let shortId = '';
  beforeEach(async () => {
    const creator = await insertUser(env.DB);
    shortId = (await insertVideo(env.DB, creator.id, { type: 'short' })).id;
    await setMediaKeys(env.DB, shortId, KEY, null);
    await env.MEDIA.put(KEY, bytes, { httpMetadata: { contentType: 'video/mp4' } });
  });

  it('streams the short’s media with its type, an ETag and byte ranges on offer', async () => {
    const response = await newCaller().fetch(`/api/videos/proxy/${shortId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers a Range request with 206 and Content-Range', async () => {
    const response = await newCaller().fetch(`/api/videos/proxy/${shortId}`, {
      headers: { Range: 'bytes=1000-1499' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 1000-1499/2000');
    expect(response.headers.get('content-length')).toBe('500');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(1000, 1500));
  });

  it('answers 304 to a matching If-None-Match and 416 past the end', async () => {
    const etag = (await newCaller().fetch(`/api/videos/proxy/${shortId}`)).headers.get('etag') ?? '';
    const cached = await newCaller().fetch(`/api/videos/proxy/${shortId}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(cached.status).toBe(304);
    const past = await newCaller().fetch(`/api/videos/proxy/${shortId}`, {
      headers: { Range: 'bytes=9000-' },
    });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */2000');
  });

  it('answers 404 for an unknown id, a missing object, and someone else’s private short', async () => {
    expect((await newCaller().fetch('/api/videos/proxy/unknown')).status).toBe(404);
    await env.MEDIA.delete(KEY);
    const missing = await newCaller().fetch(`/api/videos/proxy/${shortId}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found', message: 'Media not found' } });

    const owner = await signUp('proxy_owner');
    const hidden = await insertVideo(env.DB, owner.user.id, { type: 'short', isPublic: false });
    await setMediaKeys(env.DB, hidden.id, KEY, null);
    await env.MEDIA.put(KEY, bytes);
    expect((await newCaller().fetch(`/api/videos/proxy/${hidden.id}`)).status).toBe(404);
    expect((await owner.caller.fetch(`/api/videos/proxy/${hidden.id}`)).status).toBe(200);
  });
});

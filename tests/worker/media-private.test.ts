import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { insertVideo } from '../factories/content';
import { registeredUser } from '../factories/engagement';
import { type Caller, errorMessage, newCaller } from './session';

const NOT_FOUND = { code: 'not_found', message: 'Media not found' };
const bytes = new Uint8Array(2000).map((_, i) => i % 251);

/**
 * A creator's video whose file and poster frame are in R2 under the keys uploads give them (the
 * stored name of api/uploads/stored-name.ts, which the edge cache keeps; a content-addressed poster).
 */
const videoWithMedia = async (isPublic: boolean) => {
  const owner = await registeredUser();
  const video = await insertVideo(env.DB, owner.user.id, { isPublic });
  const mediaKey = `videos/${crypto.randomUUID().replaceAll('-', '').slice(0, 8)}${Date.now()}.mp4`;
  const posterKey = `images/${crypto.randomUUID().replaceAll('-', '')}${'0'.repeat(32)}.jpg`;
  await env.DB.prepare('UPDATE videos SET media_key = ?1, thumbnail_key = ?2 WHERE id = ?3')
    .bind(mediaKey, posterKey, video.id)
    .run();
  await env.MEDIA.put(mediaKey, bytes, { httpMetadata: { contentType: 'video/mp4' } });
  await env.MEDIA.put(posterKey, bytes.slice(0, 100), { httpMetadata: { contentType: 'image/jpeg' } });
  return { owner, video, media: `/media/${mediaKey}`, poster: `/media/${posterKey}` };
};

const getAs = async (caller: Caller, path: string, headers: Record<string, string> = {}) => {
  const response = await caller.fetch(path, { headers });
  return { response, body: response.ok ? await response.arrayBuffer() : await response.json() };
};

const setPublic = (videoId: string, isPublic: boolean) =>
  env.DB.prepare('UPDATE videos SET is_public = ?1 WHERE id = ?2')
    .bind(isPublic ? 1 : 0, videoId)
    .run();

describe("a private video's /media objects", () => {
  it('play for their owner only, never publicly cacheable', async () => {
    const { owner, media, poster } = await videoWithMedia(false);
    for (const path of [media, poster]) {
      const own = await getAs(owner.caller, path);
      expect(own.response.status, path).toBe(200);
      expect(own.response.headers.get('Cache-Control'), path).toBe('private, no-store');
      expect(own.body).toBeInstanceOf(ArrayBuffer);
      // A seek is answered the same way.
      const range = await getAs(owner.caller, path, { Range: 'bytes=0-9' });
      expect(range.response.status).toBe(206);
      expect(range.response.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('answer another user and a visitor as if they did not exist, even after the owner played them', async () => {
    const { owner, media, poster } = await videoWithMedia(false);
    // The owner first: had their answer gone into the edge cache, the others would get it from there.
    expect((await getAs(owner.caller, media)).response.status).toBe(200);
    const other = (await registeredUser()).caller;
    const visitor = newCaller();
    const missing = `/media/videos/zzzz9999${Date.now()}.mp4`;
    for (const caller of [other, visitor]) {
      for (const path of [media, poster, missing]) {
        const answer = await getAs(caller, path);
        expect(answer.response.status, path).toBe(404);
        expect(errorMessage(answer.body), path).toEqual(NOT_FOUND);
      }
    }
  });

  it('stop playing for others once a public video is made private, though the edge cache holds it', async () => {
    const { video, media } = await videoWithMedia(true);
    const visitor = newCaller();
    const first = await getAs(visitor, media);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('Cache-Control')).toBe('public, max-age=300');
    await setPublic(video.id, false);
    expect((await getAs(visitor, media)).response.status).toBe(404);
  });

  it('through the proxy route, reach the owner with the same non-public Cache-Control', async () => {
    const { owner, video } = await videoWithMedia(false);
    const own = await getAs(owner.caller, `/api/videos/proxy/${video.id}`);
    expect(own.response.status).toBe(200);
    expect(own.response.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await getAs(newCaller(), `/api/videos/proxy/${video.id}`)).response.status).toBe(404);
  });
});

describe("a public video's /media objects", () => {
  it('stay publicly cacheable for everyone', async () => {
    const { media, poster } = await videoWithMedia(true);
    const visitor = newCaller();
    const file = await getAs(visitor, media);
    expect(file.response.status).toBe(200);
    expect(file.response.headers.get('Cache-Control')).toBe('public, max-age=300');
    const frame = await getAs(visitor, poster);
    expect(frame.response.status).toBe(200);
    expect(frame.response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('stay public when a private video uses the same bytes (one content-addressed object)', async () => {
    const { owner, poster } = await videoWithMedia(true);
    const secret = await insertVideo(env.DB, owner.user.id, { isPublic: false });
    await env.DB.prepare('UPDATE videos SET thumbnail_key = ?1 WHERE id = ?2')
      .bind(poster.replace('/media/', ''), secret.id)
      .run();
    const frame = await getAs(newCaller(), poster);
    expect(frame.response.status).toBe(200);
    expect(frame.response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });
});

import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { VideoSchema } from '../../schema/content';
import { PartUrlsSchema, UploadResultSchema, UploadSessionSchema } from '../../schema/uploads';
import { registeredUser } from '../factories/engagement';
import { JPEG_40, PNG_1, WEBP_32, WEBP_LOSSLESS_24 } from './poster-bytes';
import { type Caller, errorMessage } from './session';

const ascii = (text: string) => [...new TextEncoder().encode(text)];
/** Bytes that start like an MP4 (an `ftyp` box). */
const mp4Bytes = (size = 4096) => {
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) & 0xff);
  bytes.set([0, 0, 0, 0x18, ...ascii('ftypmp42'), 0, 0, 0, 0, ...ascii('mp42isom')]);
  return bytes;
};

const file = (bytes: Uint8Array, name: string) => new File([bytes], name);

/** The one-request upload with the poster sizes as repeated `posterSizes` file fields. */
const uploadWithSizes = (caller: Caller, userId: string, sizes: File[]) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: 'Sized posters',
    userId,
    duration: '12',
    width: '1920',
    height: '1080',
  }))
    form.set(name, value);
  form.set('video', new File([mp4Bytes()], 'clip.mp4', { type: 'video/mp4' }));
  for (const size of sizes) form.append('posterSizes', size);
  return caller.fetch('/api/videos/upload/file', { method: 'POST', body: form });
};

const storedKeys = async () => (await env.MEDIA.list()).objects.map((object) => object.key).sort();
const rowCount = async (table: 'videos' | 'video_posters') =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
const expectNothingStored = async () => {
  expect(await storedKeys()).toEqual([]);
  expect(await rowCount('videos')).toBe(0);
  expect(await rowCount('video_posters')).toBe(0);
};

const imageUrl = /^\/media\/images\/[0-9a-f]{64}\.(webp|jpg)$/;

describe('poster sizes of the one-request upload', () => {
  it('stores each size by its bytes, lists them narrowest first with the width their header states, and serves them immutable', async () => {
    const { caller, user } = await registeredUser();
    const response = await uploadWithSizes(caller, user.id, [
      file(JPEG_40, 'w40.jpg'),
      file(WEBP_32, 'w32.webp'),
      file(WEBP_LOSSLESS_24, 'w24.webp'),
    ]);
    expect(response.status).toBe(201);
    const { data } = UploadResultSchema.parse(await response.json());
    expect(data.thumbnails.map((size) => size.width)).toEqual([24, 32, 40]);
    for (const size of data.thumbnails) expect(size.url).toMatch(imageUrl);

    const [w24, w32, w40] = data.thumbnails;
    const served = await caller.fetch(w32?.url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(WEBP_32);
    expect(w40?.url).toMatch(/\.jpg$/);
    expect(w24?.url).toMatch(/\.webp$/);

    // Every read of the video answers the same sizes.
    const read = await caller.json(`/api/videos/${data.id}`, 'GET');
    expect(dataEnvelope(VideoSchema).parse(read.body).data.thumbnails).toEqual(data.thumbnails);
  });

  it('answers no sizes for a video uploaded without them, so cards fall back to the thumbnail', async () => {
    const { caller, user } = await registeredUser();
    const response = await uploadWithSizes(caller, user.id, []);
    expect(response.status).toBe(201);
    expect(UploadResultSchema.parse(await response.json()).data.thumbnails).toEqual([]);
  });

  it('refuses a PNG (or any picture but WebP and JPEG) as a size with 415 and stores nothing', async () => {
    const { caller, user } = await registeredUser();
    const response = await uploadWithSizes(caller, user.id, [file(WEBP_32, 'a.webp'), file(PNG_1, 'b.webp')]);
    expect(response.status).toBe(415);
    expect(errorMessage(await response.json()).message).toBe(
      'posterSizes: Each poster size must be a WebP or JPEG image',
    );
    await expectNothingStored();
  });

  it('refuses bytes that only start like a WebP (no frame header) with 415', async () => {
    const { caller, user } = await registeredUser();
    const fake = new Uint8Array(64);
    fake.set([...ascii('RIFF'), 56, 0, 0, 0, ...ascii('WEBPVP8 ')]);
    const response = await uploadWithSizes(caller, user.id, [file(fake, 'fake.webp')]);
    expect(response.status).toBe(415);
    await expectNothingStored();
  });

  it('refuses a size over 256 KB with 413 and stores nothing', async () => {
    const { caller, user } = await registeredUser();
    const big = new Uint8Array(256 * 1024 + 1);
    big.set(WEBP_32);
    const response = await uploadWithSizes(caller, user.id, [file(big, 'big.webp')]);
    expect(response.status).toBe(413);
    expect(errorMessage(await response.json()).message).toBe(
      'posterSizes: A poster size may be at most 256 KB',
    );
    await expectNothingStored();
  });

  it('refuses more than three sizes, or one width twice, with 400 and stores nothing', async () => {
    const { caller, user } = await registeredUser();
    const four = [WEBP_32, WEBP_LOSSLESS_24, JPEG_40, WEBP_32].map((bytes, i) => file(bytes, `${i}.img`));
    const tooMany = await uploadWithSizes(caller, user.id, four);
    expect(tooMany.status).toBe(400);
    expect(errorMessage(await tooMany.json()).message).toBe('posterSizes: Send at most 3 poster sizes');
    const twice = await uploadWithSizes(caller, user.id, [file(WEBP_32, 'a.webp'), file(WEBP_32, 'b.webp')]);
    expect(twice.status).toBe(400);
    expect(errorMessage(await twice.json()).message).toBe('posterSizes: Send each poster width once');
    await expectNothingStored();
  });
});

const SessionEnvelope = dataEnvelope(UploadSessionSchema);

/** A one-part resumable upload of a small file, every part sent: ready to complete. */
const uploadedParts = async (caller: Caller, userId: string) => {
  const bytes = mp4Bytes();
  const created = await caller.json('/api/videos/uploads', 'POST', {
    fileName: 'clip.mp4',
    size: bytes.byteLength,
    contentType: 'video/mp4',
    title: 'Resumed with sizes',
    userId,
    duration: 30,
    width: 1280,
    height: 720,
  });
  const { id } = SessionEnvelope.parse(created.body).data;
  const signed = await caller.json(`/api/videos/uploads/${id}/parts/sign`, 'POST', { partNumbers: [1] });
  const url = dataEnvelope(PartUrlsSchema).parse(signed.body).data.parts[0]?.url ?? '';
  const stored = await SELF.fetch(url, { method: 'PUT', body: bytes });
  await caller.json(`/api/videos/uploads/${id}/parts/1`, 'PUT', { etag: stored.headers.get('ETag') });
  return id;
};

/** Uploads a picture as `POST /api/files/image` does for the web app, answering its URL. */
const uploadImage = async (caller: Caller, bytes: Uint8Array) => {
  const form = new FormData();
  form.set('file', new File([bytes], 'size.img'));
  const response = await caller.fetch('/api/files/image', { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return dataEnvelope(z.object({ url: z.string() })).parse(await response.json()).data.url;
};

describe('poster sizes of the resumable upload', () => {
  it('takes sizes uploaded as images at completion and lists them with the video', async () => {
    const { caller, user } = await registeredUser();
    const id = await uploadedParts(caller, user.id);
    const sizes = [await uploadImage(caller, JPEG_40), await uploadImage(caller, WEBP_32)];
    const done = await caller.json(`/api/videos/uploads/${id}/complete`, 'POST', { posterSizes: sizes });
    expect(done.status).toBe(201);
    const { data } = UploadResultSchema.parse(done.body);
    expect(data.thumbnails).toEqual([
      { url: sizes[1], width: 32 },
      { url: sizes[0], width: 40 },
    ]);
  });

  it('refuses a size that is not in storage with 400 and leaves the upload to complete again', async () => {
    const { caller, user } = await registeredUser();
    const id = await uploadedParts(caller, user.id);
    const missing = `/media/images/${'0'.repeat(64)}.webp`;
    const refused = await caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {
      posterSizes: [missing],
    });
    expect(refused.status).toBe(400);
    expect(errorMessage(refused.body).message).toBe('posterSizes: Upload the poster sizes first');
    expect(await rowCount('videos')).toBe(0);

    const png = await uploadImage(caller, PNG_1);
    const notAllowed = await caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {
      posterSizes: [png],
    });
    expect(notAllowed.status).toBe(400);
    expect(await rowCount('videos')).toBe(0);

    expect((await caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {})).status).toBe(201);
  });

  it("refuses another user's completion with sizes with 403 and attaches nothing", async () => {
    const { caller, user } = await registeredUser();
    const other = await registeredUser();
    const id = await uploadedParts(caller, user.id);
    const size = await uploadImage(other.caller, WEBP_32);
    const refused = await other.caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {
      posterSizes: [size],
    });
    expect(refused.status).toBe(403);
    expect(await rowCount('video_posters')).toBe(0);
  });
});

describe('deleting a video with poster sizes', () => {
  it('deletes its sizes from R2 unless another video uses the same bytes', async () => {
    const { caller, user } = await registeredUser();
    const first = UploadResultSchema.parse(
      await (
        await uploadWithSizes(caller, user.id, [file(WEBP_32, 'a.webp'), file(JPEG_40, 'b.jpg')])
      ).json(),
    ).data;
    const second = UploadResultSchema.parse(
      await (await uploadWithSizes(caller, user.id, [file(WEBP_32, 'a.webp')])).json(),
    ).data;
    const key = (url: string | undefined) => (url ?? '').replace('/media/', '');
    const shared = key(first.thumbnails[0]?.url);
    const own = key(first.thumbnails[1]?.url);
    expect(key(second.thumbnails[0]?.url)).toBe(shared);

    const deleted = await caller.json(`/api/videos/${first.id}`, 'DELETE', { userId: user.id });
    expect(deleted.status).toBe(200);
    expect(await env.MEDIA.head(own)).toBeNull();
    expect(await env.MEDIA.head(shared)).not.toBeNull();
    expect(await rowCount('video_posters')).toBe(1);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { MESSAGES } from '../../schema/messages';
import { UploadResultSchema } from '../../schema/uploads';
import { UserSchema } from '../../schema/user';
import { type Caller, errorMessage, newCaller, signIn } from './session';

const MiB = 1024 * 1024;
const ascii = (text: string) => [...new TextEncoder().encode(text)];

/** Bytes that start like an MP4 (an `ftyp` box) and go on with a pattern. */
const mp4Bytes = (size = 4096, seed = 7) => {
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff);
  bytes.set([0, 0, 0, 0x18, ...ascii('ftypmp42'), 0, 0, 0, 0, ...ascii('mp42isom')]);
  return bytes;
};
/** The start of a WebM file: the EBML magic and a header naming the `webm` DocType. */
const webmBytes = () => {
  const bytes = new Uint8Array(2048);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...ascii('webm')]);
  return bytes;
};
/** A real 1x1 PNG, for the poster frame. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);

/** Signs in a fresh wallet and registers its profile through the product API. */
const registered = async (username = `up_${crypto.randomUUID().slice(0, 8)}`) => {
  const { caller, wallet } = await signIn();
  const result = await caller.json('/api/users', 'POST', {
    username,
    fullName: 'Upload Tester',
    email: `${username}@example.com`,
    description: 'A creator who uploads test videos.',
    avatar: '/media/images/a.png',
    aptosAddress: wallet.address,
  });
  return { caller, user: dataEnvelope(UserSchema).parse(result.body).data };
};

type Fields = Partial<
  Record<'title' | 'description' | 'userId' | 'isPublic' | 'duration' | 'width' | 'height', string>
>;

const upload = (
  caller: Caller,
  fields: Fields,
  video: { bytes: Uint8Array; name?: string; type?: string } | null = { bytes: mp4Bytes() },
  poster?: Uint8Array,
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  if (video)
    form.set('video', new File([video.bytes], video.name ?? 'clip.mp4', { type: video.type ?? 'video/mp4' }));
  if (poster) form.set('poster', new File([poster], 'poster.png', { type: 'image/png' }));
  return caller.fetch('/api/videos/upload/file', { method: 'POST', body: form });
};

const fieldsFor = (userId: string, extra: Fields = {}): Fields => ({
  title: 'My first clip',
  description: 'Filmed on a phone.',
  userId,
  isPublic: 'true',
  duration: '12',
  width: '1920',
  height: '1080',
  ...extra,
});

const storedKeys = async () => (await env.MEDIA.list()).objects.map((object) => object.key);
const videoCount = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM videos').first<{ n: number }>())?.n ?? 0;

const expectNothingStored = async () => {
  expect(await storedKeys()).toEqual([]);
  expect(await videoCount()).toBe(0);
};

describe('POST /api/videos/upload/file', () => {
  it('stores the video in R2 under the spec name, inserts its row and /media serves the same bytes', async () => {
    const { caller, user } = await registered();
    const bytes = mp4Bytes(64 * 1024);
    const response = await upload(caller, fieldsFor(user.id), { bytes, name: 'Holiday.MP4' });
    expect(response.status).toBe(201);
    const { success, data } = UploadResultSchema.parse(await response.json());
    expect(success).toBe(true);
    expect(data).toMatchObject({
      type: 'video',
      title: 'My first clip',
      description: 'Filmed on a phone.',
      userId: user.id,
      creator: user.username,
      duration: 12,
      width: 1920,
      height: 1080,
      isPublic: true,
      views: 0,
      thumbnail: '',
    });
    // 8 random characters, the time in milliseconds, the original extension (content §5).
    expect(data.videoUrl).toMatch(/^\/media\/videos\/[a-z0-9]{8}\d{13}\.mp4$/);

    const row = await env.DB.prepare(
      'SELECT user_id, type, media_key, content_type, size_bytes, is_public FROM videos WHERE id = ?1',
    )
      .bind(data.id)
      .first();
    expect(row).toEqual({
      user_id: user.id,
      type: 'video',
      media_key: data.videoUrl.replace('/media/', ''),
      content_type: 'video/mp4',
      size_bytes: bytes.byteLength,
      is_public: 1,
    });

    const media = await caller.fetch(data.videoUrl);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ['vertical and 60 s', '1080', '1920', '60', 'short'],
    ['vertical and 61 s', '1080', '1920', '61', 'video'],
    ['landscape and 10 s', '1920', '1080', '10', 'video'],
    ['square and 10 s', '720', '720', '10', 'video'],
    ['of unknown size', undefined, undefined, '10', 'video'],
  ])('makes a clip %s a %s', async (_, width, height, duration, type) => {
    const { caller, user } = await registered();
    const response = await upload(caller, fieldsFor(user.id, { width, height, duration }));
    expect(response.status).toBe(201);
    expect(UploadResultSchema.parse(await response.json()).data.type).toBe(type);
  });

  it('recognises WebM by its bytes and keeps a private upload private', async () => {
    const { caller, user } = await registered();
    const response = await upload(caller, fieldsFor(user.id, { isPublic: 'false' }), {
      bytes: webmBytes(),
      name: 'screen.webm',
      type: 'video/webm',
    });
    expect(response.status).toBe(201);
    const { data } = UploadResultSchema.parse(await response.json());
    expect(data.videoUrl).toMatch(/\.webm$/);
    expect(data.isPublic).toBe(false);
    expect((await env.MEDIA.head(data.videoUrl.replace('/media/', '')))?.httpMetadata?.contentType).toBe(
      'video/webm',
    );
  });

  it('stores the poster frame made in the browser as the thumbnail', async () => {
    const { caller, user } = await registered();
    const response = await upload(caller, fieldsFor(user.id), { bytes: mp4Bytes() }, PNG);
    expect(response.status).toBe(201);
    const { data } = UploadResultSchema.parse(await response.json());
    expect(data.thumbnail).toMatch(/^\/media\/images\/[0-9a-f]{64}\.png$/);
    const poster = await caller.fetch(data.thumbnail);
    expect(new Uint8Array(await poster.arrayBuffer())).toEqual(PNG);
  });

  it('refuses text sent as video/mp4 with 415 and stores nothing', async () => {
    const { caller, user } = await registered();
    const text = new TextEncoder().encode('#!/bin/sh\necho this is not a video\n');
    const response = await upload(caller, fieldsFor(user.id), {
      bytes: text,
      name: 'clip.mp4',
      type: 'video/mp4',
    });
    expect(response.status).toBe(415);
    expect(errorMessage(await response.json()).message).toBe(MESSAGES.upload.invalidVideo);
    await expectNothingStored();
  });

  it('refuses a HEIC photo, whose ftyp box looks like a video, with 415', async () => {
    const { caller, user } = await registered();
    const heic = mp4Bytes();
    heic.set(ascii('heic'), 8);
    const response = await upload(caller, fieldsFor(user.id), { bytes: heic, name: 'photo.mp4' });
    expect(response.status).toBe(415);
    await expectNothingStored();
  });

  it('refuses a poster that is not a PNG or JPEG with 415 and stores nothing', async () => {
    const { caller, user } = await registered();
    const response = await upload(caller, fieldsFor(user.id), { bytes: mp4Bytes() }, mp4Bytes(100));
    expect(response.status).toBe(415);
    await expectNothingStored();
  });

  it('refuses a visitor without a session with 401 and stores nothing', async () => {
    const response = await upload(newCaller(), fieldsFor('someone'));
    expect(response.status).toBe(401);
    await expectNothingStored();
  });

  it('refuses a signed-in wallet without a profile with 403', async () => {
    const { caller } = await signIn();
    const response = await upload(caller, fieldsFor('someone'));
    expect(response.status).toBe(403);
    await expectNothingStored();
  });

  it("refuses an upload in another user's name with 403 and stores nothing", async () => {
    const { caller } = await registered();
    const other = await registered();
    const response = await upload(caller, fieldsFor(other.user.id));
    expect(response.status).toBe(403);
    await expectNothingStored();
  });

  it.each([
    ['without a title', { title: undefined }],
    ['with a blank title', { title: '   ' }],
    ['without a duration', { duration: undefined }],
    ['with a fractional duration', { duration: '12.5' }],
  ])('refuses an upload %s with 400 and stores nothing', async (_, extra) => {
    const { caller, user } = await registered();
    const response = await upload(caller, fieldsFor(user.id, extra));
    expect(response.status).toBe(400);
    expect(errorMessage(await response.json()).code).toBe('bad_request');
    await expectNothingStored();
  });

  it('refuses an upload without a video file with 400', async () => {
    const { caller, user } = await registered();
    const response = await upload(caller, fieldsFor(user.id), null);
    expect(response.status).toBe(400);
    await expectNothingStored();
  });

  it('refuses a body over the one-request cap with 413, pointing at the limit, and stores nothing', async () => {
    const { caller, user } = await registered();
    const boundary = 'reel-boundary';
    const fields = Object.entries(fieldsFor(user.id))
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    const head = `${fields}--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(new Uint8Array([...new TextEncoder().encode(head), ...mp4Bytes(64)]));
        else if (sent > 40 * MiB) controller.close();
        else controller.enqueue(new Uint8Array(MiB));
        sent += MiB;
      },
    });
    const response = await caller.fetch('/api/videos/upload/file', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(413);
    expect(errorMessage(await response.json()).message).toContain('32 MB');
    await expectNothingStored();
  });
});

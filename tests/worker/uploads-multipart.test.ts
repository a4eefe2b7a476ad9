import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { MESSAGES } from '../../schema/messages';
import {
  PartUrlsSchema,
  UploadedPartSchema,
  UploadResultSchema,
  UploadSessionSchema,
} from '../../schema/uploads';
import { UserSchema } from '../../schema/user';
import { videoFile } from '../factories/video-bytes';
import { type Caller, errorMessage, newCaller, signIn } from './session';

const MiB = 1024 * 1024;
const PART = 8 * MiB;
const SessionEnvelope = dataEnvelope(UploadSessionSchema);
const PartEnvelope = dataEnvelope(UploadedPartSchema);

const sha256 = async (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');

const registered = async (username = `mp_${crypto.randomUUID().slice(0, 8)}`) => {
  const { caller, wallet } = await signIn();
  const result = await caller.json('/api/users', 'POST', {
    username,
    fullName: 'Multipart Tester',
    email: `${username}@example.com`,
    description: 'A creator on a flaky network.',
    avatar: '/media/images/a.png',
    aptosAddress: wallet.address,
  });
  return { caller, user: dataEnvelope(UserSchema).parse(result.body).data };
};

const createBody = (userId: string, size: number, extra: Record<string, unknown> = {}) => ({
  fileName: 'Long take.mp4',
  size,
  contentType: 'video/mp4',
  title: 'A long take',
  description: 'Twelve mebibytes of it.',
  userId,
  isPublic: true,
  duration: 95,
  width: 1280,
  height: 720,
  ...extra,
});

const create = async (
  caller: Caller,
  userId: string,
  size = 12 * MiB,
  extra: Record<string, unknown> = {},
) => {
  const result = await caller.json('/api/videos/uploads', 'POST', createBody(userId, size, extra));
  expect(result.status).toBe(201);
  return SessionEnvelope.parse(result.body).data;
};

const signPart = (caller: Caller, id: string, n: number) =>
  caller.fetch(`/api/videos/uploads/${id}/parts/sign`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ partNumbers: [n] }),
  });

/**
 * Sends part n as the web app does: a presigned URL from the worker, the bytes PUT straight to it
 * (no cookie), then the ETag it answered recorded with the worker. Answers the first refusal, or
 * the recording's answer.
 */
const putPart = async (
  caller: Caller,
  id: string,
  n: number,
  body: BodyInit,
  headers: HeadersInit = {},
): Promise<Response> => {
  const signed = await signPart(caller, id, n);
  if (!signed.ok) return signed;
  const [part] = dataEnvelope(PartUrlsSchema).parse(await signed.json()).data.parts;
  const stored = await SELF.fetch(part?.url ?? '', { method: 'PUT', body, headers });
  if (!stored.ok) return stored;
  return caller.fetch(`/api/videos/uploads/${id}/parts/${n}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ etag: stored.headers.get('ETag') }),
  });
};

const partOf = (file: Uint8Array, n: number) => file.slice((n - 1) * PART, n * PART);

const session = async (caller: Caller, id: string) =>
  SessionEnvelope.parse((await caller.json(`/api/videos/uploads/${id}`, 'GET')).body).data;

const complete = (caller: Caller, id: string, body: Record<string, unknown> = {}) =>
  caller.json(`/api/videos/uploads/${id}/complete`, 'POST', body);

/** A request body that sends `bytes` up to `cutAt`, then fails like a dropped connection. */
const droppingBody = (bytes: Uint8Array, cutAt: number) => {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= cutAt) {
        controller.error(new Error('connection dropped'));
        return;
      }
      const end = Math.min(offset + MiB, cutAt);
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
    },
  });
};

// Each part goes through three requests (sign, PUT to storage, record), which takes more than 5 s
// on a busy machine for 12 MiB.
describe('resumable multipart upload', { timeout: 30_000 }, () => {
  it('creates an upload with parts of 8 MiB that the owner can read back', async () => {
    const { caller, user } = await registered();
    const created = await create(caller, user.id);
    expect(created).toMatchObject({
      status: 'uploading',
      fileName: 'Long take.mp4',
      size: 12 * MiB,
      contentType: 'video/mp4',
      partSize: PART,
      partCount: 2,
      parts: [],
      videoId: null,
    });
    expect(created.multipartUploadId).not.toBe('');
    expect(await session(caller, created.id)).toEqual(created);
  });

  it('takes the parts, shows them confirmed, and completes into the same bytes as the file', async () => {
    const { caller, user } = await registered();
    const file = videoFile();
    const { id } = await create(caller, user.id);

    const first = await putPart(caller, id, 1, partOf(file, 1));
    expect(first.status).toBe(200);
    expect(PartEnvelope.parse(await first.json()).data).toEqual({ partNumber: 1, size: PART });
    expect((await session(caller, id)).parts).toEqual([{ partNumber: 1, size: PART }]);
    expect((await putPart(caller, id, 2, partOf(file, 2))).status).toBe(200);
    expect((await session(caller, id)).parts).toEqual([
      { partNumber: 1, size: PART },
      { partNumber: 2, size: 4 * MiB },
    ]);

    const done = await complete(caller, id);
    expect(done.status).toBe(201);
    const { success, data } = UploadResultSchema.parse(done.body);
    expect(success).toBe(true);
    expect(data).toMatchObject({ type: 'video', title: 'A long take', userId: user.id, duration: 95 });
    expect(data.videoUrl).toMatch(/^\/media\/videos\/[a-z0-9]{8}\d{13}\.mp4$/);

    const media = await caller.fetch(data.videoUrl);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    expect(await sha256(await media.arrayBuffer())).toBe(await sha256(file));

    const row = await env.DB.prepare('SELECT type, size_bytes FROM videos WHERE id = ?1')
      .bind(data.id)
      .first();
    expect(row).toEqual({ type: 'video', size_bytes: 12 * MiB });
    expect(await session(caller, id)).toMatchObject({ status: 'completed', videoId: data.id, parts: [] });
  });

  it('does not confirm a part whose connection drops mid-way, and resumes by sending that part again', async () => {
    const { caller, user } = await registered();
    const file = videoFile();
    const { id } = await create(caller, user.id);
    expect((await putPart(caller, id, 1, partOf(file, 1))).status).toBe(200);

    // Part 2 dies after 2 of its 4 MiB: storage sees the body fail, answers no ETag, nothing is recorded.
    const dropped = await putPart(caller, id, 2, droppingBody(partOf(file, 2), 2 * MiB), {
      'Content-Length': String(4 * MiB),
    });
    expect(dropped.status).toBe(400);
    expect(errorMessage(await dropped.json()).message).toBe('The part arrived incomplete: send it again');
    expect((await session(caller, id)).parts.map((part) => part.partNumber)).toEqual([1]);

    const early = await complete(caller, id);
    expect(early.status).toBe(409);
    expect(errorMessage(early.body).message).toBe('Parts still missing: 2');

    // Resume: the session says part 1 is held, so only part 2 is sent again.
    expect((await putPart(caller, id, 2, partOf(file, 2))).status).toBe(200);
    const done = await complete(caller, id);
    expect(done.status).toBe(201);
    const { data } = UploadResultSchema.parse(done.body);
    const media = await caller.fetch(data.videoUrl);
    expect(await sha256(await media.arrayBuffer())).toBe(await sha256(file));
  });

  it('replaces a part that is sent again', async () => {
    const { caller, user } = await registered();
    const stale = videoFile(12 * MiB, 1);
    const file = videoFile(12 * MiB, 2);
    const { id } = await create(caller, user.id);
    await putPart(caller, id, 1, partOf(file, 1));
    await putPart(caller, id, 2, partOf(stale, 2));
    await putPart(caller, id, 2, partOf(file, 2));
    const { data } = UploadResultSchema.parse((await complete(caller, id)).body);
    expect(await sha256(await (await caller.fetch(data.videoUrl)).arrayBuffer())).toBe(await sha256(file));
  });

  it('refuses parts that do not add up to the file with 400 at completion, and a part past the end', async () => {
    const { caller, user } = await registered();
    const { id } = await create(caller, user.id, 6 * MiB);
    expect((await putPart(caller, id, 2, new Uint8Array(10))).status).toBe(400);
    expect((await putPart(caller, id, 1, videoFile(6 * MiB - 1))).status).toBe(200);
    const done = await complete(caller, id);
    expect(done.status).toBe(400);
    expect(errorMessage(done.body).message).toBe('The parts do not add up to the file');
    expect((await caller.json(`/api/videos/uploads/${id}`, 'GET')).status).toBe(404);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM videos').first()).toEqual({ n: 0 });
  });

  it('refuses a file whose first part is not a video with 415 at completion, and keeps nothing', async () => {
    const { caller, user } = await registered();
    const { id } = await create(caller, user.id);
    expect((await putPart(caller, id, 1, new Uint8Array(PART).fill(0x41))).status).toBe(200);
    expect((await putPart(caller, id, 2, partOf(videoFile(), 2))).status).toBe(200);
    const done = await complete(caller, id);
    expect(done.status).toBe(415);
    expect(errorMessage(done.body).message).toBe(MESSAGES.upload.invalidVideo);
    expect((await caller.json(`/api/videos/uploads/${id}`, 'GET')).status).toBe(404);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM videos').first()).toEqual({ n: 0 });
  });

  it('makes a vertical clip of up to 60 s a short, with the title and poster given at completion', async () => {
    const { caller, user } = await registered();
    const file = videoFile(6 * MiB);
    const { id, partCount } = await create(caller, user.id, file.byteLength, {
      width: 1080,
      height: 1920,
      duration: 45,
    });
    expect(partCount).toBe(1);
    await putPart(caller, id, 1, file);
    const poster = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
      (char) => char.charCodeAt(0),
    );
    const form = new FormData();
    form.set('file', new File([poster], 'poster.png', { type: 'image/png' }));
    const image = (await (await caller.fetch('/api/files/image', { method: 'POST', body: form })).json()) as {
      data: { url: string };
    };
    const done = await complete(caller, id, {
      title: 'Typed again after a reload',
      thumbnail: image.data.url,
    });
    expect(done.status).toBe(201);
    expect(UploadResultSchema.parse(done.body).data).toMatchObject({
      type: 'short',
      title: 'Typed again after a reload',
      thumbnail: image.data.url,
    });
  });

  it('answers the same video when completion is asked again', async () => {
    const { caller, user } = await registered();
    const file = videoFile(6 * MiB);
    const { id } = await create(caller, user.id, file.byteLength);
    await putPart(caller, id, 1, file);
    const first = UploadResultSchema.parse((await complete(caller, id)).body).data;
    const again = await complete(caller, id);
    expect(again.status).toBe(200);
    expect(UploadResultSchema.parse(again.body).data.id).toBe(first.id);
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM videos').first<{ n: number }>();
    expect(count?.n).toBe(1);
    expect((await putPart(caller, id, 1, file)).status).toBe(409);
  });

  it('aborts an upload: it is gone and takes no more parts', async () => {
    const { caller, user } = await registered();
    const { id } = await create(caller, user.id);
    await putPart(caller, id, 1, partOf(videoFile(), 1));
    const aborted = await caller.json(`/api/videos/uploads/${id}`, 'DELETE');
    expect(aborted).toEqual({ status: 200, body: { data: true } });
    expect((await caller.json(`/api/videos/uploads/${id}`, 'GET')).status).toBe(404);
    expect((await putPart(caller, id, 2, new Uint8Array(4 * MiB))).status).toBe(404);
    expect((await complete(caller, id)).status).toBe(404);
  });

  it("refuses every call on another user's upload with 403", async () => {
    const owner = await registered();
    const other = await registered();
    const file = videoFile();
    const { id } = await create(owner.caller, owner.user.id);
    expect((await other.caller.json(`/api/videos/uploads/${id}`, 'GET')).status).toBe(403);
    expect((await putPart(other.caller, id, 1, partOf(file, 1))).status).toBe(403);
    expect((await complete(other.caller, id)).status).toBe(403);
    expect((await other.caller.json(`/api/videos/uploads/${id}`, 'DELETE')).status).toBe(403);
    expect((await session(owner.caller, id)).parts).toEqual([]);
  });

  it("refuses to start an upload in another user's name with 403", async () => {
    const { caller } = await registered();
    const other = await registered();
    const result = await caller.json('/api/videos/uploads', 'POST', createBody(other.user.id, MiB));
    expect(result.status).toBe(403);
  });

  it('refuses a file that names no video container with 415, and one over 4 GiB with 413', async () => {
    const { caller, user } = await registered();
    const text = await caller.json(
      '/api/videos/uploads',
      'POST',
      createBody(user.id, MiB, { fileName: 'notes.txt', contentType: 'text/plain' }),
    );
    expect(text.status).toBe(415);
    expect(errorMessage(text.body).message).toBe(MESSAGES.upload.invalidVideo);
    const huge = await caller.json('/api/videos/uploads', 'POST', createBody(user.id, 4 * 1024 * MiB + 1));
    expect(huge.status).toBe(413);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads').first()).toEqual({ n: 0 });
  });

  it('refuses a missing title with 400, a visitor with 401 and an unknown upload with 404', async () => {
    const { caller, user } = await registered();
    const untitled = await caller.json(
      '/api/videos/uploads',
      'POST',
      createBody(user.id, MiB, { title: '' }),
    );
    expect(untitled.status).toBe(400);
    const visitor = await newCaller().json('/api/videos/uploads', 'POST', createBody(user.id, MiB));
    expect(visitor.status).toBe(401);
    expect((await caller.json('/api/videos/uploads/no-such-upload', 'GET')).status).toBe(404);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { MESSAGES } from '../../schema/messages';
import { type Caller, errorMessage, newCaller, signIn } from './session';

/** A real 1x1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);
const MiB = 1024 * 1024;
const StoredImageSchema = dataEnvelope(z.object({ hash: z.string(), url: z.string() }));

const bytesOf = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)),
  );

const upload = (caller: Caller, bytes: Uint8Array, name = 'avatar.png', type = 'image/png') => {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  return caller.fetch('/api/files/image', { method: 'POST', body: form });
};

const sha256Hex = async (bytes: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');

const storedKeys = async () => (await env.MEDIA.list()).objects.map((object) => object.key);

const expectRefused = async (response: Response, status: number, message?: string) => {
  expect(response.status).toBe(status);
  const error = errorMessage(await response.json());
  if (message) expect(error.message).toBe(message);
  expect(await storedKeys()).toEqual([]);
};

describe('POST /api/files/image', () => {
  it('stores an image under its sha-256 and serves the same bytes from /media with a year of cache', async () => {
    const { caller } = await signIn();
    const response = await upload(caller, PNG);
    expect(response.status).toBe(201);
    const { data } = StoredImageSchema.parse(await response.json());
    const hash = await sha256Hex(PNG);
    expect(data).toEqual({ hash, url: `/media/images/${hash}.png` });

    const media = await caller.fetch(data.url);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(PNG);
  });

  it('stores the same bytes once, under the same key, whoever uploads them', async () => {
    const first = StoredImageSchema.parse(await (await upload((await signIn()).caller, PNG)).json()).data;
    const second = StoredImageSchema.parse(
      await (await upload((await signIn()).caller, PNG, 'renamed.gif', 'image/gif')).json(),
    ).data;
    expect(second).toEqual(first);
    expect(await storedKeys()).toEqual([`images/${first.hash}.png`]);
  });

  it.each([
    ['JPEG', bytesOf([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'jpg', 'image/jpeg'],
    ['GIF', bytesOf('GIF89a', [1, 0, 1, 0]), 'gif', 'image/gif'],
    ['WebP', bytesOf('RIFF', [4, 0, 0, 0], 'WEBPVP8 '), 'webp', 'image/webp'],
  ])('recognises %s by its bytes, whatever the declared type', async (_, bytes, ext, contentType) => {
    const { caller } = await signIn();
    const response = await upload(caller, bytes, 'picture.bin', 'application/octet-stream');
    expect(response.status).toBe(201);
    const { data } = StoredImageSchema.parse(await response.json());
    expect(data.url).toBe(`/media/images/${data.hash}.${ext}`);
    expect((await env.MEDIA.head(`images/${data.hash}.${ext}`))?.httpMetadata?.contentType).toBe(contentType);
  });

  it('accepts a caller who has not registered yet (the wizard uploads the avatar first)', async () => {
    const { caller } = await signIn();
    const me = await caller.json('/api/auth/me', 'GET');
    expect(me.body).toMatchObject({ data: { user: null } });
    expect((await upload(caller, PNG)).status).toBe(201);
  });

  it('refuses a visitor without a session and stores nothing', async () => {
    await expectRefused(await upload(newCaller(), PNG), 401);
  });

  it('refuses HTML dressed up as a PNG with 415 and stores nothing', async () => {
    const { caller } = await signIn();
    const html = bytesOf('<html><script>alert(document.cookie)</script></html>');
    await expectRefused(await upload(caller, html), 415, MESSAGES.imageUpload.invalidImage);
  });

  it('refuses an SVG, which can carry script, with 415 and stores nothing', async () => {
    const { caller } = await signIn();
    const svg = bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
    await expectRefused(
      await upload(caller, svg, 'logo.svg', 'image/svg+xml'),
      415,
      MESSAGES.imageUpload.invalidImage,
    );
  });

  it('refuses an image over 5 MiB with 413 and stores nothing', async () => {
    const { caller } = await signIn();
    const big = new Uint8Array(5 * MiB + 1);
    big.set(PNG);
    const response = await upload(caller, big);
    expect(response.status).toBe(413);
    expect(errorMessage(await response.json())).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringContaining('5 MB'),
    });
    expect(await storedKeys()).toEqual([]);
  });

  it('accepts an image of exactly 5 MiB', async () => {
    const { caller } = await signIn();
    const limit = new Uint8Array(5 * MiB);
    limit.set(PNG);
    expect((await upload(caller, limit)).status).toBe(201);
  });

  it('refuses an oversize body sent without a Content-Length (chunked) with 413', async () => {
    const { caller } = await signIn();
    const boundary = 'reel-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(bytesOf(head, [...PNG]));
        else if (sent > 7 * MiB) controller.close();
        else controller.enqueue(new Uint8Array(MiB));
        sent += MiB;
      },
    });
    const response = await caller.fetch('/api/files/image', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    await expectRefused(response, 413);
  });

  it('refuses a request without a file with 400', async () => {
    const { caller } = await signIn();
    const form = new FormData();
    form.set('avatar', new File([PNG], 'a.png', { type: 'image/png' }));
    await expectRefused(await caller.fetch('/api/files/image', { method: 'POST', body: form }), 400);
  });

  it('refuses a file field that holds text instead of a file with 400', async () => {
    const { caller } = await signIn();
    const form = new FormData();
    form.set('file', 'not a file');
    await expectRefused(await caller.fetch('/api/files/image', { method: 'POST', body: form }), 400);
  });

  it('refuses an empty file with 400', async () => {
    const { caller } = await signIn();
    await expectRefused(await upload(caller, new Uint8Array()), 400);
  });

  it('refuses a body that is not multipart with 400', async () => {
    const { caller } = await signIn();
    const result = await caller.json('/api/files/image', 'POST', { file: 'iVBORw0KGgo=' });
    expect(result.status).toBe(400);
    expect(await storedKeys()).toEqual([]);
  });
});

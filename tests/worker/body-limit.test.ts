import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { creatorWithContent, registeredUser } from '../factories/engagement';
import { errorMessage } from './session';

const KiB = 1024;
const TOO_LARGE = { code: 'payload_too_large', message: 'The request body is larger than 64 KB' };

/** A comment whose JSON is `size` bytes long: the padding sits in a field the schema drops. */
const commentJson = (userId: string, size: number) => {
  const base = JSON.stringify({ userId, content: 'Hello', padding: '' });
  return JSON.stringify({ userId, content: 'Hello', padding: 'x'.repeat(size - base.length) });
};

/** The same bytes as a stream of small chunks: the request goes out chunked, with no Content-Length. */
const chunked = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 4 * KiB));
      offset += 4 * KiB;
    },
  });
};

const commentCount = async (videoId: string) =>
  (
    await env.DB.prepare('SELECT COUNT(*) AS n FROM comments WHERE video_id = ?1')
      .bind(videoId)
      .first<{ n: number }>()
  )?.n ?? 0;

describe('JSON body cap', () => {
  it('refuses a JSON body over 64 KB with 413 before parsing it, and writes nothing', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const response = await fan.caller.fetch(`/api/comments/videos/${video.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: commentJson(fan.user.id, 64 * KiB + 1),
    });
    expect(response.status).toBe(413);
    expect(errorMessage(await response.json())).toEqual(TOO_LARGE);
    expect(await commentCount(video.id)).toBe(0);
  });

  it('refuses a chunked JSON body over 64 KB (no Content-Length) with 413, and writes nothing', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const response = await fan.caller.fetch(`/api/comments/videos/${video.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked(commentJson(fan.user.id, 200 * KiB)),
    });
    expect(response.status).toBe(413);
    expect(errorMessage(await response.json())).toEqual(TOO_LARGE);
    expect(await commentCount(video.id)).toBe(0);
  });

  it('refuses an oversized JSON body on the relayer too', async () => {
    const fan = await registeredUser();
    const response = await fan.caller.fetch('/relayer/api/tips/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked(JSON.stringify({ padding: 'x'.repeat(100 * KiB) })),
    });
    expect(response.status).toBe(413);
    expect(errorMessage(await response.json())).toEqual(TOO_LARGE);
  });

  it('takes a JSON body of 64 KB, with or without a Content-Length', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const path = `/api/comments/videos/${video.id}`;
    const headers = { 'Content-Type': 'application/json' };
    const plain = await fan.caller.fetch(path, {
      method: 'POST',
      headers,
      body: commentJson(fan.user.id, 64 * KiB),
    });
    expect(plain.status).toBe(201);
    const streamed = await fan.caller.fetch(path, {
      method: 'POST',
      headers,
      body: chunked(commentJson(fan.user.id, 64 * KiB)),
    });
    expect(streamed.status).toBe(201);
    expect(await commentCount(video.id)).toBe(2);
  });
});

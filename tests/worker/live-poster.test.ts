import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { LiveSessionSchema } from '../../schema/live-session';
import { POSTER_MAX_BYTES } from '../../worker/live/poster';
import { prepareSession, streamer } from '../factories/live';
import fixture from '../fixtures/live/still.json';
import { errorMessage, newCaller } from './session';

/* Issue 20 §1: the encoder's still frame, what home's live card shows instead of loading the video. */

const BASE = 'http://reel.test';
const still = Uint8Array.from(atob(fixture.base64), (c) => c.charCodeAt(0));

/** What ffmpeg's image2 output sends for each update (a POST: it ignores `-method`). */
const sendStill = (secret: string, body: BodyInit, method = 'POST') =>
  SELF.fetch(`${BASE}/ingest/${secret}/poster.jpg`, { method, body });
const getStill = (playbackId: string, init?: RequestInit) =>
  SELF.fetch(`${BASE}/hls/${playbackId}/poster.jpg`, init);
const storedPosters = async () =>
  (await env.MEDIA.list({ prefix: 'live/' })).objects.filter((o) => o.key.endsWith('/poster.jpg'));

describe('the still frame: /ingest/<secret>/poster.jpg and /hls/<playbackId>/poster.jpg', () => {
  it('serves the newest JPEG the encoder sent, as image/jpeg cached for seconds only', async () => {
    const { key } = await streamer();
    expect((await getStill(key.playbackId)).status).toBe(404);

    expect((await sendStill(key.key, still)).status).toBe(201);
    const first = await getStill(key.playbackId);
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('image/jpeg');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=5');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(still);

    // The next update replaces it (PUT works as well as ffmpeg's POST).
    const next = Uint8Array.from([...still.slice(0, -2), 0x00, 0xff, 0xd9]);
    expect((await sendStill(key.key, next, 'PUT')).status).toBe(201);
    expect(new Uint8Array(await (await getStill(key.playbackId)).arrayBuffer())).toEqual(next);
    expect(await storedPosters()).toHaveLength(1);
  });

  it('refuses a wrong key (404) and a deactivated one (403), storing nothing', async () => {
    const { key, caller } = await streamer();
    expect((await sendStill('0'.repeat(64), still)).status).toBe(404);
    expect((await caller.json(`/api/stream-keys/${key.id}/deactivate`, 'POST')).status).toBe(200);
    expect((await sendStill(key.key, still)).status).toBe(403);
    expect(await storedPosters()).toEqual([]);
  });

  it('refuses a body that is not a JPEG by its bytes (415), whatever it claims', async () => {
    const { key } = await streamer();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const response = await SELF.fetch(`${BASE}/ingest/${key.key}/poster.jpg`, {
      method: 'PUT',
      body: png,
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(response.status).toBe(415);
    expect(errorMessage(await response.json()).message).toBe('A still frame must be a JPEG');
    expect((await sendStill(key.key, new Uint8Array())).status).toBe(415);
    expect(await storedPosters()).toEqual([]);
  });

  it('refuses a still over 512 KB (413), even sent chunked without a length', async () => {
    const { key } = await streamer();
    const big = new Uint8Array(POSTER_MAX_BYTES + 1);
    big.set(still.slice(0, 3));
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(big);
        controller.close();
      },
    });
    expect((await sendStill(key.key, chunked, 'PUT')).status).toBe(413);
    expect(await storedPosters()).toEqual([]);
  });

  it('refuses the still of a private stream (403) and of an unknown playback id (404)', async () => {
    const { key, caller } = await streamer();
    expect((await sendStill(key.key, still)).status).toBe(201);
    expect((await caller.json(`/api/stream-keys/${key.id}/deactivate`, 'POST')).status).toBe(200);
    const refused = await getStill(key.playbackId);
    expect(refused.status).toBe(403);
    expect(errorMessage(await refused.json()).message).toBe('Stream is private');
    // Nor is it readable as a plain media object.
    expect((await SELF.fetch(`${BASE}/media/live/${key.playbackId}/poster.jpg`)).status).toBe(404);
    expect((await getStill('f'.repeat(32))).status).toBe(404);
  });

  it('names the still on the live session home lists', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    const response = await newCaller().json('/api/sessions/active', 'GET');
    const live = dataEnvelope(z.array(LiveSessionSchema))
      .parse(response.body)
      .data.find((entry) => entry.stream_sessions.id === session.id);
    expect(live?.stream_keys.posterUrl).toBe(`/hls/${owner.key.playbackId}/poster.jpg`);
  });
});

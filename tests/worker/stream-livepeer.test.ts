import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  LIVEPEER_API,
  LIVEPEER_RTMP_INGEST,
  livepeerStreamProvider,
} from '../../worker/ports/adapters/stream-livepeer';
import { streamProviderFor } from '../../worker/providers/stream';

import createStream from '../fixtures/livepeer/create-stream.json';
import createStreamReplacement from '../fixtures/livepeer/create-stream-replacement.json';
import errorNotFound from '../fixtures/livepeer/error-not-found.json';
import errorUnauthorized from '../fixtures/livepeer/error-unauthorized.json';
import getStreamActive from '../fixtures/livepeer/get-stream-active.json';
import getStreamIdle from '../fixtures/livepeer/get-stream-idle.json';
import playbackLive from '../fixtures/livepeer/playback-live.json';

/** Recorded Livepeer answers (tests/fixtures/livepeer); this adapter runs in the Workers runtime. */
const FIXTURES = {
  'create-stream': createStream,
  'create-stream-replacement': createStreamReplacement,
  'error-not-found': errorNotFound,
  'error-unauthorized': errorUnauthorized,
  'get-stream-active': getStreamActive,
  'get-stream-idle': getStreamIdle,
  'playback-live': playbackLive,
};
const fixture = (name: keyof typeof FIXTURES): unknown => FIXTURES[name];

type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fetch that answers the given recorded responses in order and remembers what it was asked. */
const recorded = (...answers: [status: number, body: unknown][]) => {
  const calls: Call[] = [];
  const fetchFn = async (url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[calls.length - 1];
    if (!answer) throw new Error(`unexpected call ${url}`);
    const [status, body] = answer;
    return new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, provider: livepeerStreamProvider('lp-secret', fetchFn) };
};

const ref = {
  providerStreamId: '8a3c4b2e-7a1d-4c3f-9f0e-5b6a7c8d9e01',
  playbackId: '8a3cf1r9x2y7zq5m',
  streamKey: 'k',
};

describe('Livepeer adapter', () => {
  it('creates a stream by name with the API key as Bearer and answers its ids, key and addresses', async () => {
    const { calls, provider } = recorded([201, fixture('create-stream')]);
    const stream = await provider.createStream('Main stream');
    expect(stream).toEqual({
      providerStreamId: '8a3c4b2e-7a1d-4c3f-9f0e-5b6a7c8d9e01',
      playbackId: '8a3cf1r9x2y7zq5m',
      streamKey: '8a3c-k2p9-w7xq-4hd1',
      ingestUrl: LIVEPEER_RTMP_INGEST,
      playbackUrl: 'https://livepeercdn.studio/hls/8a3cf1r9x2y7zq5m/index.m3u8',
      whipUrl: null,
    });
    expect(calls[0]).toMatchObject({
      url: `${LIVEPEER_API}/stream`,
      method: 'POST',
      body: { name: 'Main stream' },
    });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer lp-secret');
    expect(provider.ingestUrl).toBe(LIVEPEER_RTMP_INGEST);
  });

  it('reads isActive from GET /stream/{id}', async () => {
    const { calls, provider } = recorded(
      [200, fixture('get-stream-idle')],
      [200, fixture('get-stream-active')],
    );
    expect(await provider.isActive(ref)).toBe(false);
    expect(await provider.isActive(ref)).toBe(true);
    expect(calls.map((call) => call.url)).toEqual(
      Array(2).fill(`${LIVEPEER_API}/stream/${ref.providerStreamId}`),
    );
  });

  it('answers not active without a call when the key has no Livepeer stream', async () => {
    const { calls, provider } = recorded();
    expect(await provider.isActive({ ...ref, providerStreamId: null })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('picks the HLS source of the playback info, and null when Livepeer has none', async () => {
    const { calls, provider } = recorded([200, fixture('playback-live')], [404, fixture('error-not-found')]);
    expect(await provider.playbackUrl(ref)).toBe(
      'https://livepeercdn.studio/hls/8a3cf1r9x2y7zq5m/index.m3u8',
    );
    expect(calls[0]?.url).toBe(`${LIVEPEER_API}/playback/8a3cf1r9x2y7zq5m`);
    expect(await provider.playbackUrl(ref)).toBeNull();
  });

  it('has no WebRTC: no WHIP address and no WHEP playback, without a call', async () => {
    const { calls, provider } = recorded();
    expect(await provider.webrtcPlaybackUrl(ref)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('rotates a key by replacing the stream under the same name and deleting the old one', async () => {
    const { calls, provider } = recorded(
      [200, fixture('get-stream-idle')],
      [201, fixture('create-stream-replacement')],
      [204, null],
    );
    expect(await provider.regenerateKey(ref)).toMatchObject({
      providerStreamId: '9b4d5c3f-8b2e-4d40-a01f-6c7b8d9e0f12',
      playbackId: '9b4dg2s8w3x6yr4n',
      streamKey: '9b4d-m3q8-t6vz-5je2',
    });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${LIVEPEER_API}/stream/${ref.providerStreamId}`,
      `POST ${LIVEPEER_API}/stream`,
      `DELETE ${LIVEPEER_API}/stream/${ref.providerStreamId}`,
    ]);
    expect(calls[1]?.body).toEqual({ name: 'Main stream' });
  });

  it('deletes a stream, treating one already gone as deleted', async () => {
    const { calls, provider } = recorded([204, null], [404, fixture('error-not-found')]);
    await provider.deleteStream(ref);
    await provider.deleteStream(ref);
    expect(calls.map((call) => call.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('throws with Livepeer’s status when a call is refused, never a half-made stream', async () => {
    const { provider } = recorded([401, fixture('error-unauthorized')]);
    await expect(provider.createStream('Main stream')).rejects.toThrow('HTTP 401');
  });
});

describe('streamProviderFor', () => {
  it('chooses the local ingest unless STREAM_PROVIDER is "livepeer"', () => {
    const local = streamProviderFor({ ...env, STREAM_PROVIDER: 'local' }, 'http://127.0.0.1:8787');
    expect(local.name).toBe('local');
    expect(local.ingestUrl).toBe('http://127.0.0.1:8787/ingest');
    expect(() => streamProviderFor({ ...env, STREAM_PROVIDER: '' }, 'http://x')).toThrow('STREAM_PROVIDER');
  });

  it('never makes a Livepeer provider without LIVEPEER_API_KEY, and uses the key when set', async () => {
    expect(() => streamProviderFor({ ...env, STREAM_PROVIDER: 'livepeer' }, 'http://x')).toThrow(
      'LIVEPEER_API_KEY',
    );
    const calls: string[] = [];
    const provider = streamProviderFor(
      { ...env, STREAM_PROVIDER: 'livepeer', LIVEPEER_API_KEY: 'lp-secret' } as Env,
      'http://x',
      async (url, init) => {
        calls.push(`${new Headers(init?.headers).get('Authorization')} ${url}`);
        return Response.json(getStreamActive);
      },
    );
    expect(provider.name).toBe('livepeer');
    expect(await provider.isActive(ref)).toBe(true);
    expect(calls).toEqual([`Bearer lp-secret ${LIVEPEER_API}/stream/${ref.providerStreamId}`]);
  });

  it('makes local streams with a long random secret and a path-only playback URL', async () => {
    const provider = streamProviderFor(env, 'http://127.0.0.1:8814');
    const [a, b] = await Promise.all([provider.createStream('A'), provider.createStream('B')]);
    expect(a.streamKey).toMatch(/^[0-9a-f]{64}$/);
    expect(a.streamKey).not.toBe(b.streamKey);
    expect(a.playbackUrl).toBe(`/hls/${a.playbackId}/index.m3u8`);
    expect(a.providerStreamId).toBeNull();
    const rotated = await provider.regenerateKey({
      providerStreamId: null,
      playbackId: a.playbackId,
      streamKey: a.streamKey,
    });
    expect(rotated.streamKey).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.streamKey).not.toBe(a.streamKey);
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../worker/lib/errors';
import {
  CLOUDFLARE_API,
  CLOUDFLARE_RTMPS_INGEST,
  cloudflareStreamProvider,
} from '../../worker/ports/adapters/stream-cloudflare';
import { streamProviderFor } from '../../worker/providers/stream';

import createLiveInput from '../fixtures/cloudflare-stream/create-live-input.json';
import createLiveInputReplacement from '../fixtures/cloudflare-stream/create-live-input-replacement.json';
import errorNotFound from '../fixtures/cloudflare-stream/error-not-found.json';
import errorServer from '../fixtures/cloudflare-stream/error-server.json';
import errorUnauthorized from '../fixtures/cloudflare-stream/error-unauthorized.json';
import getConnected from '../fixtures/cloudflare-stream/get-live-input-connected.json';
import getDisconnected from '../fixtures/cloudflare-stream/get-live-input-disconnected.json';
import getStatusString from '../fixtures/cloudflare-stream/get-live-input-status-string.json';

/** Recorded Cloudflare Stream answers (tests/fixtures/cloudflare-stream); the adapter runs in the Workers runtime. */
const FIXTURES = {
  'create-live-input': createLiveInput,
  'create-live-input-replacement': createLiveInputReplacement,
  'error-not-found': errorNotFound,
  'error-server': errorServer,
  'error-unauthorized': errorUnauthorized,
  'get-live-input-connected': getConnected,
  'get-live-input-disconnected': getDisconnected,
  'get-live-input-status-string': getStatusString,
};
const fixture = (name: keyof typeof FIXTURES): unknown => FIXTURES[name];

const ACCOUNT = '023e105f4ecef8ad9ca31a8372d0c353';
const CODE = 'f33zs165nr7gyfy4';
const TOKEN = 'cf-token-Sn3lZJTBX6kkg7OdcBUAxOO963GEIyGQ';
const INPUTS = `${CLOUDFLARE_API}/accounts/${ACCOUNT}/stream/live_inputs`;
const UID = '1a553f11a88915d093d45eda660d2f8c';
const WHIP = `https://customer-${CODE}.cloudflarestream.com/b236bde30eb07b9d01318940e5fc3edak1a553f11a88915d093d45eda660d2f8c/webRTC/publish`;
const WHEP = `https://customer-${CODE}.cloudflarestream.com/${UID}/webRTC/play`;

type Call = { url: string; method: string; headers: Headers; body: unknown };
type Answer = [status: number, body: unknown] | [status: number, body: string, raw: 'raw'];

/** A fetch that answers the given recorded responses in order and remembers what it was asked. */
const recorded = (...answers: Answer[]) => {
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
    const [status, body, raw] = answer;
    const text = raw ? (body as string) : body === null ? null : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  };
  const provider = cloudflareStreamProvider(
    { accountId: ACCOUNT, customerCode: CODE, apiToken: TOKEN },
    fetchFn,
  );
  return { calls, provider };
};

const ref = { providerStreamId: UID, playbackId: UID, streamKey: 'k' };

/** The typed error a call failed with, checked to carry no secret. */
const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.message).not.toContain(TOKEN);
  return apiError;
};

describe('Cloudflare Stream adapter', () => {
  it('creates a live input by name, recording on, with the API token as Bearer, and answers its key and URLs', async () => {
    const { calls, provider } = recorded([200, fixture('create-live-input')]);
    const stream = await provider.createStream('Main stream');
    expect(stream).toEqual({
      providerStreamId: UID,
      playbackId: UID,
      streamKey: 'MTQ0MTcjM3MjI1NDE3ODIyNTI1MjYyMjE4NTI2ODI1NDcxMzUyMzcf1a553f11a88915d093d45eda660d2f8c',
      ingestUrl: CLOUDFLARE_RTMPS_INGEST,
      playbackUrl: `https://customer-${CODE}.cloudflarestream.com/${UID}/manifest/video.m3u8`,
      whipUrl: WHIP,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: INPUTS,
      method: 'POST',
      body: { meta: { name: 'Main stream' }, recording: { mode: 'automatic' } },
    });
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(provider.name).toBe('cloudflare');
    expect(provider.ingestUrl).toBe(CLOUDFLARE_RTMPS_INGEST);
  });

  it('reads isActive from GET /live_inputs/{uid}: status.current.state, or the documented status string', async () => {
    const { calls, provider } = recorded(
      [200, fixture('create-live-input')],
      [200, fixture('get-live-input-disconnected')],
      [200, fixture('get-live-input-connected')],
      [200, fixture('get-live-input-status-string')],
    );
    expect(await provider.isActive(ref)).toBe(false);
    expect(await provider.isActive(ref)).toBe(false);
    expect(await provider.isActive(ref)).toBe(true);
    expect(await provider.isActive(ref)).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(Array(4).fill(`GET ${INPUTS}/${UID}`));
    for (const call of calls) expect(call.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('answers not active, and no WHEP URL, for an input Cloudflare no longer has, or without one', async () => {
    const { calls, provider } = recorded(
      [404, fixture('error-not-found')],
      [404, fixture('error-not-found')],
    );
    expect(await provider.isActive(ref)).toBe(false);
    expect(await provider.webrtcPlaybackUrl(ref)).toBeNull();
    expect(await provider.isActive({ ...ref, providerStreamId: null })).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('answers the WHEP URL only while the input is connected', async () => {
    const { provider } = recorded(
      [200, fixture('get-live-input-connected')],
      [200, fixture('get-live-input-disconnected')],
      [200, fixture('create-live-input')],
    );
    expect(await provider.webrtcPlaybackUrl(ref)).toBe(WHEP);
    expect(await provider.webrtcPlaybackUrl(ref)).toBeNull();
    expect(await provider.webrtcPlaybackUrl(ref)).toBeNull();
  });

  it('plays HLS from the customer subdomain by the input uid, without a call', async () => {
    const { calls, provider } = recorded();
    expect(await provider.playbackUrl(ref)).toBe(
      `https://customer-${CODE}.cloudflarestream.com/${UID}/manifest/video.m3u8`,
    );
    expect(calls).toEqual([]);
  });

  it('rotates a key by deleting the input and making one under the same name, answering every changed field', async () => {
    const { calls, provider } = recorded(
      [200, fixture('get-live-input-disconnected')],
      [200, { result: null, success: true, errors: [], messages: [] }],
      [200, fixture('create-live-input-replacement')],
    );
    const next = '2b664f22b99a26e1a4e56feb771e3f9d';
    expect(await provider.regenerateKey(ref)).toEqual({
      streamKey: 'MTQ0MTcjM3MjI1NDE3ODIyNTI1MjYyMjE4NTI2ODI1NDcxMzUyMzcf2b664f22b99a26e1a4e56feb771e3f9d',
      providerStreamId: next,
      playbackId: next,
      playbackUrl: `https://customer-${CODE}.cloudflarestream.com/${next}/manifest/video.m3u8`,
      whipUrl: `https://customer-${CODE}.cloudflarestream.com/c347cef41fc18c0e12429a51f6fd4febk2b664f22b99a26e1a4e56feb771e3f9d/webRTC/publish`,
    });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${INPUTS}/${UID}`,
      `DELETE ${INPUTS}/${UID}`,
      `POST ${INPUTS}`,
    ]);
    expect(calls[2]?.body).toEqual({ meta: { name: 'Main stream' }, recording: { mode: 'automatic' } });
  });

  it('rotating a key whose input is already gone makes a fresh one', async () => {
    const { calls, provider } = recorded(
      [404, fixture('error-not-found')],
      [404, fixture('error-not-found')],
      [200, fixture('create-live-input-replacement')],
    );
    expect(await provider.regenerateKey(ref)).toMatchObject({
      providerStreamId: '2b664f22b99a26e1a4e56feb771e3f9d',
    });
    expect(calls[2]?.body).toEqual({ meta: { name: 'stream' }, recording: { mode: 'automatic' } });
  });

  it('deletes an input with DELETE /live_inputs/{uid}, treating one already gone as deleted', async () => {
    const { calls, provider } = recorded([200, null], [404, fixture('error-not-found')]);
    await provider.deleteStream(ref);
    await provider.deleteStream(ref);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(
      Array(2).fill(`DELETE ${INPUTS}/${UID}`),
    );
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('turns a refused token (401, 403) into a misconfigured error naming the variable, never the token', async () => {
    for (const status of [401, 403]) {
      const { provider } = recorded([status, fixture('error-unauthorized')]);
      const error = await failure(provider.createStream('Main stream'));
      expect(error).toMatchObject({ status: 500, code: 'misconfigured' });
      expect(error.message).toContain(`HTTP ${status}`);
      expect(error.message).toContain('CLOUDFLARE_STREAM_API_TOKEN');
    }
  });

  it('turns a 5xx, a 404 on create and an unreadable answer into clear internal errors', async () => {
    const cases: [Answer, string][] = [
      [[503, fixture('error-server')], 'could not create a live input (HTTP 503)'],
      [[404, fixture('error-not-found')], 'could not create a live input (HTTP 404)'],
      [
        [200, '<html>502 Bad Gateway</html>', 'raw'],
        'answered create a live input with something we could not read',
      ],
      [
        [200, { success: true, result: { uid: UID } }],
        'answered create a live input with something we could not read',
      ],
    ];
    for (const [answer, message] of cases) {
      const { provider } = recorded(answer);
      const error = await failure(provider.createStream('Main stream'));
      expect(error).toMatchObject({ status: 500, code: 'internal' });
      expect(error.message).toContain(message);
    }
  });

  it('does not read a failed status or delete as offline or done', async () => {
    const reading = recorded([500, fixture('error-server')]);
    expect(await failure(reading.provider.isActive(ref))).toMatchObject({
      code: 'internal',
      message: expect.stringContaining('could not read the live input (HTTP 500)'),
    });
    const deleting = recorded([502, fixture('error-server')]);
    expect(await failure(deleting.provider.deleteStream(ref))).toMatchObject({
      message: expect.stringContaining('could not delete the live input (HTTP 502)'),
    });
  });

  it('reports an unreachable API as an error without the token', async () => {
    const provider = cloudflareStreamProvider(
      { accountId: ACCOUNT, customerCode: CODE, apiToken: TOKEN },
      () => Promise.reject(new TypeError(`fetch failed: Bearer ${TOKEN}`)),
    );
    expect(await failure(provider.isActive(ref))).toMatchObject({
      code: 'internal',
      message: expect.stringContaining('could not be reached'),
    });
  });
});

describe('streamProviderFor with STREAM_PROVIDER "cloudflare"', () => {
  const cloudflareEnv = {
    ...env,
    STREAM_PROVIDER: 'cloudflare',
    CLOUDFLARE_STREAM_ACCOUNT_ID: ACCOUNT,
    CLOUDFLARE_STREAM_CUSTOMER_CODE: CODE,
    CLOUDFLARE_STREAM_API_TOKEN: TOKEN,
  } as Env;

  it('never makes the provider without its account, customer code or token, naming each', () => {
    for (const missing of [
      'CLOUDFLARE_STREAM_ACCOUNT_ID',
      'CLOUDFLARE_STREAM_CUSTOMER_CODE',
      'CLOUDFLARE_STREAM_API_TOKEN',
    ]) {
      const broken = { ...cloudflareEnv, [missing]: ' ' } as Env;
      expect(() => streamProviderFor(broken, 'http://x')).toThrow(
        `${missing} is not set (STREAM_PROVIDER is cloudflare)`,
      );
    }
  });

  it('refuses an account id or customer code of the wrong shape, without echoing it', () => {
    const badAccount = { ...cloudflareEnv, CLOUDFLARE_STREAM_ACCOUNT_ID: 'my-account' } as Env;
    expect(() => streamProviderFor(badAccount, 'http://x')).toThrow(
      'CLOUDFLARE_STREAM_ACCOUNT_ID must be the 32 hex digits of the Cloudflare account id',
    );
    const badCode = {
      ...cloudflareEnv,
      CLOUDFLARE_STREAM_CUSTOMER_CODE: `customer-${CODE}.cloudflarestream.com`,
    } as Env;
    expect(() => streamProviderFor(badCode, 'http://x')).toThrow(
      /CLOUDFLARE_STREAM_CUSTOMER_CODE must be the <code>/,
    );
    expect(() => streamProviderFor(badCode, 'http://x')).not.toThrow(CODE);
  });

  it('makes the Cloudflare provider with the configured account and token', async () => {
    const calls: string[] = [];
    const provider = streamProviderFor(cloudflareEnv, 'http://x', async (url, init) => {
      calls.push(`${new Headers(init?.headers).get('Authorization')} ${url}`);
      return Response.json(getConnected);
    });
    expect(provider.name).toBe('cloudflare');
    expect(await provider.isActive(ref)).toBe(true);
    expect(calls).toEqual([`Bearer ${TOKEN} ${INPUTS}/${UID}`]);
  });
});

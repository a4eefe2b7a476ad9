import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiErrorBodySchema } from '../../../schema/api';
import { MESSAGES } from '../../../schema/messages';
import { ApiRequestError, apiGet, apiPost, isApiError, withQuery } from '../../../web/lib/api';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  it('returns data parsed with the schema', async () => {
    vi.stubGlobal('fetch', respond(200, { data: { n: 1, extra: true } }));
    await expect(apiGet('/api/x', z.object({ n: z.number() }))).resolves.toEqual({ n: 1 });
  });

  it("throws the server's error message", async () => {
    vi.stubGlobal('fetch', respond(404, { error: { code: 'not_found', message: 'Video not found' } }));
    await expect(apiGet('/api/x', z.unknown())).rejects.toThrow('Video not found');
  });

  it('throws HTTP error! status: n when the failure has no message', async () => {
    vi.stubGlobal('fetch', respond(502, undefined));
    await expect(apiGet('/api/x', z.unknown())).rejects.toThrow('HTTP error! status: 502');
  });

  it('takes a schema given as a function that imports it', async () => {
    vi.stubGlobal('fetch', respond(200, { data: { n: 2 } }));
    const schema = async () => z.object({ n: z.number() });
    await expect(apiGet('/api/x', schema)).resolves.toEqual({ n: 2 });
  });

  it('refuses data that does not match the schema', async () => {
    vi.stubGlobal('fetch', respond(200, { data: { n: 'one' } }));
    await expect(apiGet('/api/x', z.object({ n: z.number() }))).rejects.toThrow();
  });
});

describe('apiPost', () => {
  it('sends the body as JSON', async () => {
    const fetchMock = respond(201, { data: { ok: true } });
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/api/y', { a: 1 }, z.object({ ok: z.boolean() }));
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/y');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('sends a form as it is, leaving its multipart content type to the browser', async () => {
    const fetchMock = respond(201, { data: { ok: true } });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('file', new Blob(['x']), 'a.png');
    await apiPost('/api/files/image', form, z.object({ ok: z.boolean() }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });
});

describe('ApiRequestError', () => {
  const rejection = async (request: Promise<unknown>) => {
    const error = await request.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    return error as ApiRequestError;
  };

  it("carries the status, the server's code and its message from the error body", async () => {
    const body = ApiErrorBodySchema.parse({
      error: { code: 'session_exists', message: MESSAGES.studio.alreadyLive },
    });
    vi.stubGlobal('fetch', respond(409, body));
    const error = await rejection(apiPost('/api/sessions', {}, z.unknown()));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 409,
      code: 'session_exists',
      message: 'Stream is already live!',
    });
    expect(isApiError(error, 'session_exists')).toBe(true);
    expect(isApiError(error, 'conflict')).toBe(false);
  });

  it("has no code and says 'HTTP error! status: 502' for a proxy's HTML page", async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(page, { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    const error = await rejection(apiGet('/api/x', z.unknown()));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 502,
      code: null,
      message: 'HTTP error! status: 502',
    });
    expect(isApiError(error, 'internal')).toBe(false);
  });

  it('is not what a request with no answer at all throws', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiGet('/api/x', z.unknown())).rejects.toBeInstanceOf(TypeError);
  });
});

describe('withQuery', () => {
  it('adds defined params only', () => {
    expect(withQuery('/api/videos', { limit: 15, offset: undefined })).toBe('/api/videos?limit=15');
    expect(withQuery('/api/videos', {})).toBe('/api/videos');
  });
});

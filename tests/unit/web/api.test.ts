import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiGet, apiPost, withQuery } from '../../../web/lib/api';

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
});

describe('withQuery', () => {
  it('adds defined params only', () => {
    expect(withQuery('/api/videos', { limit: 15, offset: undefined })).toBe('/api/videos?limit=15');
    expect(withQuery('/api/videos', {})).toBe('/api/videos');
  });
});

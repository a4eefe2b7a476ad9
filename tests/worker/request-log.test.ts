import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/index';
import type { AppEnv } from '../../worker/lib/app-env';
import { sha256Hex } from '../../worker/lib/crypto';
import { handleError } from '../../worker/lib/error-handler';
import { requestLog } from '../../worker/lib/request-log';
import { registeredUser, unknownId } from '../factories/engagement';

const ORIGIN = 'http://reel.test';
/** The test env logs only 5xx lines; a deployed worker logs every request. */
const logAll = { ...env, REQUEST_LOG: 'all' };

/** Every console line the worker wrote while `run` ran, parsed where it is JSON. */
const captureLogs = async (run: () => unknown) => {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'info').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
  await run();
  vi.restoreAllMocks();
  const json = lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
  return { lines, requests: json.filter((entry) => entry.msg === 'request') };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request log', () => {
  it('writes one JSON line per request with the ray id, method, route pattern, status and time', async () => {
    const { requests } = await captureLogs(() =>
      app.request(`${ORIGIN}/api/health`, { headers: { 'cf-ray': '8f1c2d3e4a5b6c7d-AMS' } }, logAll),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 'info',
      ray: '8f1c2d3e4a5b6c7d-AMS',
      method: 'GET',
      route: '/api/health',
      status: 200,
    });
    expect(requests[0]?.ms).toEqual(expect.any(Number));
  });

  it('names the route pattern, not the path, and makes up a ray id when Cloudflare sent none', async () => {
    const id = unknownId();
    const { requests } = await captureLogs(() => app.request(`${ORIGIN}/api/videos/${id}`, {}, logAll));
    expect(requests).toHaveLength(1);
    expect(String(requests[0]?.route)).toMatch(/^\/api\/videos\/:id/);
    expect(JSON.stringify(requests[0])).not.toContain(id);
    expect(requests[0]?.ray).toEqual(expect.stringMatching(/^[0-9a-f-]{16,}$/));
  });

  it("logs a refusal with its code and a hash of the caller's user id, never the cookie or a token", async () => {
    const { caller, user } = await registeredUser();
    const cookie = caller.cookie ?? '';
    const { lines, requests } = await captureLogs(() =>
      app.request(
        `${ORIGIN}/api/videos/${unknownId()}`,
        { headers: { Cookie: cookie, Authorization: 'Bearer live-token-123' } },
        logAll,
      ),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 'warn',
      status: 404,
      code: 'not_found',
      userHash: (await sha256Hex(user.id)).slice(0, 16),
    });
    const everything = lines.join('\n');
    expect(everything).not.toContain(cookie.split('=')[1] ?? cookie);
    expect(everything).not.toContain('live-token-123');
    expect(everything).not.toContain(user.id);
  });

  it('logs an unexpected failure as an error line with code internal and the route', async () => {
    const failing = new Hono<AppEnv>()
      .use(requestLog)
      .get('/boom/:id', () => {
        throw new Error('the database went away');
      })
      .onError(handleError);
    const { lines, requests } = await captureLogs(() => failing.request('/boom/7', {}, logAll));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 'error',
      route: '/boom/:id',
      status: 500,
      code: 'internal',
      message: 'the database went away',
      userHash: null,
    });
    expect(lines.every((line) => line.startsWith('{'))).toBe(true);
  });

  it('writes only the 5xx lines when REQUEST_LOG is "errors"', async () => {
    const quiet = { ...env, REQUEST_LOG: 'errors' };
    const { requests } = await captureLogs(async () => {
      await app.request(`${ORIGIN}/api/health`, {}, quiet);
      await app.request(`${ORIGIN}/api/videos/${unknownId()}`, {}, quiet);
      await app.request(`${ORIGIN}/api/health`, {}, { ...quiet, DB: undefined });
    });
    expect(requests.map((line) => line.status)).toEqual([503]);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { HealthSchema } from '../../schema/api';
import { app } from '../../worker/index';
import { getJson } from './http';

const ORIGIN = 'http://reel.test';

const healthOf = (body: unknown) => HealthSchema.parse((body as { data: unknown }).data);

/** A binding whose every call fails, as an unreachable D1 or R2 does. */
const unreachable = <T extends object>(): T =>
  new Proxy({} as T, {
    get: () => () => {
      throw new Error('binding unreachable');
    },
  });

describe('GET /api/health', () => {
  it('reports D1 and R2 reachable and the running version', async () => {
    for (const path of ['/api/health', '/relayer/health']) {
      const { status, body } = await getJson(path);
      expect(status).toBe(200);
      expect(healthOf(body)).toMatchObject({
        status: 'ok',
        ok: true,
        d1: 'ok',
        r2: 'ok',
        version: env.APP_VERSION,
      });
    }
  });

  it('answers 503 with r2 "error" when R2 is unavailable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await app.request(
      `${ORIGIN}/api/health`,
      {},
      { ...env, MEDIA: unreachable<R2Bucket>() },
    );
    expect(response.status).toBe(503);
    expect(healthOf(await response.json())).toMatchObject({
      status: 'error',
      ok: false,
      d1: 'ok',
      r2: 'error',
    });
    vi.restoreAllMocks();
  });

  it('answers 503 with d1 "error" when D1 is unavailable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await app.request(`${ORIGIN}/api/health`, {}, { ...env, DB: unreachable<D1Database>() });
    expect(response.status).toBe(503);
    expect(healthOf(await response.json())).toMatchObject({
      status: 'error',
      ok: false,
      d1: 'error',
      r2: 'ok',
    });
    vi.restoreAllMocks();
  });
});

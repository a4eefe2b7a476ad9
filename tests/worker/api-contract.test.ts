import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, HealthSchema, PublicConfigSchema } from '../../schema/api';
import { getJson } from './http';

describe('API contract', () => {
  it('answers health for the API and the relayer inside a data envelope', async () => {
    for (const path of ['/api/health', '/relayer/health']) {
      const { status, body } = await getJson(path);
      expect(status).toBe(200);
      expect(HealthSchema.parse((body as { data: unknown }).data).status).toBe('ok');
    }
  });

  it('tells the PWA its public configuration and nothing secret', async () => {
    const { status, body } = await getJson('/api/config');
    expect(status).toBe(200);
    const config = PublicConfigSchema.parse((body as { data: unknown }).data);
    expect(config.chain.network).toBe('local');
    expect(config.platformAddress).toMatch(/^0x[0-9a-f]{64}$/);
    expect(JSON.stringify(body)).not.toMatch(/secret|private/i);
  });

  it('answers unknown API paths with a JSON 404, never HTML', async () => {
    const { status, headers, body } = await getJson('/api/no-such-thing');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(ApiErrorBodySchema.parse(body).error.code).toBe('not_found');
  });

  it('refuses a malformed query with a 400 naming the field', async () => {
    const { status, body } = await getJson('/api/videos?limit=abc');
    expect(status).toBe(400);
    const { error } = ApiErrorBodySchema.parse(body);
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/^limit: /);
  });

  it('refuses a list larger than the hard maximum of 100', async () => {
    const { status } = await getJson('/api/videos?limit=101');
    expect(status).toBe(400);
  });
});

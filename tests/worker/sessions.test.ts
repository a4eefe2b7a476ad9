import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { LiveSessionSchema } from '../../schema/live';
import { insertUser } from '../factories/content';
import { getJson } from './http';

const insertStream = async (userId: string, status: 'prepared' | 'live' | 'ended', title: string) => {
  const keyId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO stream_keys (id, user_id, name, secret_key, playback_id, playback_url, created_at)
       VALUES (?1, ?2, 'Main', ?3, ?4, ?5, '2026-05-01T00:00:00.000Z')`,
    ).bind(keyId, userId, `sk_${keyId}`, `pb_${keyId}`, `/hls/pb_${keyId}/index.m3u8`),
    env.DB.prepare(
      `INSERT INTO stream_sessions (id, stream_key_id, title, status, viewer_count, started_at, created_at)
       VALUES (?1, ?2, ?3, ?4, 1500, '2026-05-01T10:00:00.000Z', '2026-05-01T09:59:00.000Z')`,
    ).bind(crypto.randomUUID(), keyId, title, status),
  ]);
  return keyId;
};

describe('GET /api/sessions/active', () => {
  it('lists only live sessions, nested with their key and streamer', async () => {
    const streamer = await insertUser(env.DB, { username: 'streamer' });
    const other = await insertUser(env.DB);
    const third = await insertUser(env.DB);
    await insertStream(streamer.id, 'live', 'Ranked grind');
    await insertStream(other.id, 'ended', 'Yesterday');
    await insertStream(third.id, 'prepared', 'Soon');

    const { status, body } = await getJson('/api/sessions/active');
    expect(status).toBe(200);
    const { data } = dataEnvelope(z.array(LiveSessionSchema)).parse(body);
    expect(data).toHaveLength(1);
    expect(data[0]?.stream_sessions).toMatchObject({
      title: 'Ranked grind',
      status: 'live',
      viewerCount: 1500,
    });
    expect(data[0]?.users).toMatchObject({
      username: 'streamer',
      category: 'Gaming',
      subCategory: 'Valorant',
    });
    expect(data[0]?.stream_keys.playbackUrl).toMatch(/^\/hls\/pb_/);
  });

  it('never reveals the secret stream key to the public', async () => {
    const streamer = await insertUser(env.DB);
    const keyId = await insertStream(streamer.id, 'live', 'Live now');
    const { body } = await getJson('/api/sessions/active');
    expect(JSON.stringify(body)).not.toContain(`sk_${keyId}`);
  });

  it('answers an empty list when nobody is live', async () => {
    const { body } = await getJson('/api/sessions/active');
    expect(body).toEqual({ data: [] });
  });
});

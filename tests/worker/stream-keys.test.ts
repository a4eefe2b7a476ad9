import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { PlaybackInfoSchema, RECOMMENDED_STREAMING_SETTINGS, StreamingConfigSchema } from '../../schema/live';
import { PublicStreamKeySchema, StreamKeySchema } from '../../schema/live-session';
import { registeredUser } from '../factories/engagement';
import { createStreamKey, prepareSession, streamer } from '../factories/live';
import { errorMessage, newCaller, signIn } from './session';

const keyOf = (body: unknown) => dataEnvelope(StreamKeySchema).parse(body).data;
const publicKeyOf = (body: unknown) => {
  const { data } = dataEnvelope(PublicStreamKeySchema).parse(body);
  expect(body).not.toHaveProperty('data.key');
  expect(body).not.toHaveProperty('data.whipUrl');
  return data;
};
const unknownId = () => crypto.randomUUID();

describe('POST /api/stream-keys', () => {
  it('creates the caller’s key: secret for the owner, playback id and a local HLS playback URL', async () => {
    const owner = await registeredUser();
    const result = await owner.caller.json('/api/stream-keys', 'POST', {
      name: '  Main  ',
      userId: owner.user.id,
    });
    expect(result.status).toBe(201);
    const key = keyOf(result.body);
    expect(key).toMatchObject({ name: 'Main', userId: owner.user.id, isActive: true, lastUsed: null });
    expect(key.key).toMatch(/^[0-9a-f]{64}$/);
    expect(key.playbackUrl).toBe(`/hls/${key.playbackId}/index.m3u8`);
    expect(key.livepeerStreamId).toBeNull();
    // No WebRTC relay runs for these tests, so no WHIP address (webrtc-routes.test.ts has one).
    expect(key.whipUrl).toBeNull();
  });

  it('refuses a visitor (401) and a wallet without a profile (403)', async () => {
    const body = { name: 'Main', userId: unknownId() };
    expect((await newCaller().json('/api/stream-keys', 'POST', body)).status).toBe(401);
    const { caller } = await signIn();
    expect((await caller.json('/api/stream-keys', 'POST', body)).status).toBe(403);
  });

  it('refuses to create a key for someone else', async () => {
    const caller = await registeredUser();
    const other = await registeredUser();
    const result = await caller.caller.json('/api/stream-keys', 'POST', {
      name: 'Main',
      userId: other.user.id,
    });
    expect(result.status).toBe(403);
    expect((await other.caller.json(`/api/stream-keys/user/${other.user.id}`, 'GET')).status).toBe(404);
  });

  it('requires a non-blank name', async () => {
    const owner = await registeredUser();
    for (const body of [{ name: '   ', userId: owner.user.id }, { userId: owner.user.id }]) {
      const result = await owner.caller.json('/api/stream-keys', 'POST', body);
      expect(result.status).toBe(400);
      expect(errorMessage(result.body).message).toContain('Stream key name is required');
    }
  });

  it('allows one key per account: a second create is a 409 and the first key is unchanged', async () => {
    const owner = await streamer();
    const again = await owner.caller.json('/api/stream-keys', 'POST', {
      name: 'Second',
      userId: owner.user.id,
    });
    expect(again.status).toBe(409);
    expect(errorMessage(again.body)).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Key Exists'),
    });
    const mine = keyOf((await owner.caller.json(`/api/stream-keys/user/${owner.user.id}`, 'GET')).body);
    expect(mine).toEqual(owner.key);
  });

  it('lets only one of two racing creates win', async () => {
    const owner = await registeredUser();
    const body = { name: 'Race', userId: owner.user.id };
    const results = await Promise.all(
      [1, 2, 3].map(() => owner.caller.json('/api/stream-keys', 'POST', body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('stream key reads', () => {
  it('lists public records only, newest first, with paging', async () => {
    const first = await streamer();
    const second = await streamer();
    const result = await first.caller.json('/api/stream-keys?limit=1', 'GET');
    expect(result.status).toBe(200);
    const { data } = dataEnvelope(z.array(PublicStreamKeySchema)).parse(result.body);
    expect(data.map((k) => k.id)).toEqual([second.key.id]);
    const all = await newCaller().json('/api/stream-keys', 'GET');
    expect(JSON.stringify(all.body)).not.toContain(first.key.key);
    expect(JSON.stringify(all.body)).not.toContain(second.key.key);
    expect((await newCaller().json('/api/stream-keys?limit=1000', 'GET')).status).toBe(400);
  });

  it('answers the owner the secret and everyone else the public record, by username, user id and id', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    for (const path of [
      `/api/stream-keys/username/${owner.user.username}`,
      `/api/stream-keys/user/${owner.user.id}`,
      `/api/stream-keys/${owner.key.id}`,
    ]) {
      expect(keyOf((await owner.caller.json(path, 'GET')).body)).toEqual(owner.key);
      for (const stranger of [other.caller, newCaller()]) {
        const result = await stranger.json(path, 'GET');
        expect(result.status).toBe(200);
        const { key: _secret, whipUrl: _whip, ...publicRecord } = owner.key;
        expect(publicKeyOf(result.body)).toEqual(publicRecord);
      }
    }
  });

  it('answers 404 for a user without a key, with the live page’s text for a username', async () => {
    const nobody = await registeredUser();
    const byName = await newCaller().json(`/api/stream-keys/username/${nobody.user.username}`, 'GET');
    expect(byName.status).toBe(404);
    expect(errorMessage(byName.body).message).toBe('No stream key found for this user');
    expect((await newCaller().json(`/api/stream-keys/user/${nobody.user.id}`, 'GET')).status).toBe(404);
    expect((await newCaller().json(`/api/stream-keys/${unknownId()}`, 'GET')).status).toBe(404);
  });

  it('looks a key up by its secret for the owner only; anyone else cannot tell it exists', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const path = `/api/stream-keys/key/${owner.key.key}`;
    expect(keyOf((await owner.caller.json(path, 'GET')).body)).toEqual(owner.key);
    const stranger = await other.caller.json(path, 'GET');
    const miss = await other.caller.json(`/api/stream-keys/key/${'0'.repeat(64)}`, 'GET');
    expect(stranger).toEqual(miss);
    expect(stranger.status).toBe(404);
    expect((await newCaller().json(path, 'GET')).status).toBe(401);
  });
});

describe('provider calls (named livepeer/* whatever the provider)', () => {
  it('reports the stream idle before any media arrives, by public id or playback id', async () => {
    const owner = await streamer();
    for (const ref of [owner.key.id, owner.key.playbackId]) {
      const result = await newCaller().json(`/api/stream-keys/livepeer/status/${ref}`, 'GET');
      expect(result).toEqual({ status: 200, body: { data: { isActive: false } } });
    }
    expect((await newCaller().json(`/api/stream-keys/livepeer/status/${unknownId()}`, 'GET')).status).toBe(
      404,
    );
  });

  it('answers the playback URL from info and playback, by public id or playback id', async () => {
    const owner = await streamer();
    for (const path of ['info', 'playback']) {
      for (const ref of [owner.key.id, owner.key.playbackId]) {
        const result = await newCaller().json(`/api/stream-keys/livepeer/${path}/${ref}`, 'GET');
        expect(result.status).toBe(200);
        expect(dataEnvelope(PlaybackInfoSchema).parse(result.body).data).toEqual({
          id: owner.key.id,
          playbackId: owner.key.playbackId,
          playbackUrl: owner.key.playbackUrl,
          livepeerStreamId: null,
        });
        expect(JSON.stringify(result.body)).not.toContain(owner.key.key);
      }
      expect((await newCaller().json(`/api/stream-keys/livepeer/${path}/${unknownId()}`, 'GET')).status).toBe(
        404,
      );
    }
  });
});

describe('streaming info', () => {
  it('gives the owner the ingest address, the secret and the recommended settings, by id and username', async () => {
    const owner = await streamer();
    for (const path of [
      `/api/stream-keys/${owner.key.id}/streaming-info`,
      `/api/stream-keys/username/${owner.user.username}/streaming-info`,
    ]) {
      const result = await owner.caller.json(path, 'GET');
      expect(result.status).toBe(200);
      expect(dataEnvelope(StreamingConfigSchema).parse(result.body).data).toEqual({
        serverUrl: 'http://reel.test/ingest',
        streamKey: owner.key.key,
        settings: RECOMMENDED_STREAMING_SETTINGS,
      });
    }
  });

  it('refuses a visitor (401), anyone but the owner (403) and an unknown stream (404)', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const path = `/api/stream-keys/${owner.key.id}/streaming-info`;
    expect((await newCaller().json(path, 'GET')).status).toBe(401);
    const stranger = await other.caller.json(path, 'GET');
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain(owner.key.key);
    const byName = await other.caller.json(
      `/api/stream-keys/username/${owner.user.username}/streaming-info`,
      'GET',
    );
    expect(byName.status).toBe(403);
    expect((await other.caller.json(`/api/stream-keys/${unknownId()}/streaming-info`, 'GET')).status).toBe(
      404,
    );
  });
});

describe('owner mutations', () => {
  it('renames and switches the key off and on with PUT, activate and deactivate', async () => {
    const owner = await streamer();
    const path = `/api/stream-keys/${owner.key.id}`;
    const renamed = await owner.caller.json(path, 'PUT', { name: 'Evening show', isActive: false });
    expect(keyOf(renamed.body)).toMatchObject({ name: 'Evening show', isActive: false, key: owner.key.key });
    const on = await owner.caller.json(`${path}/activate`, 'POST');
    expect(keyOf(on.body).isActive).toBe(true);
    const off = await owner.caller.json(`${path}/deactivate`, 'POST');
    expect(keyOf(off.body).isActive).toBe(false);
    const reread = publicKeyOf((await newCaller().json(path, 'GET')).body);
    expect(reread).toMatchObject({ name: 'Evening show', isActive: false });
  });

  it('refuses a blank rename', async () => {
    const owner = await streamer();
    const result = await owner.caller.json(`/api/stream-keys/${owner.key.id}`, 'PUT', { name: ' ' });
    expect(result.status).toBe(400);
    expect(errorMessage(result.body).message).toContain('Stream key name is required');
  });

  it('refuses every mutation to a visitor (401), another user (403) and on an unknown key (404)', async () => {
    const owner = await streamer();
    const other = await registeredUser();
    const calls: [string, string, unknown?][] = [
      ['PUT', '', { name: 'Mine now' }],
      ['DELETE', ''],
      ['POST', '/activate'],
      ['POST', '/deactivate'],
      ['POST', '/regenerate'],
    ];
    for (const [method, suffix, body] of calls) {
      expect((await newCaller().json(`/api/stream-keys/${owner.key.id}${suffix}`, method, body)).status).toBe(
        401,
      );
      const stranger = await other.caller.json(`/api/stream-keys/${owner.key.id}${suffix}`, method, body);
      expect(stranger.status).toBe(403);
      expect(JSON.stringify(stranger.body)).not.toContain(owner.key.key);
      expect((await owner.caller.json(`/api/stream-keys/${unknownId()}${suffix}`, method, body)).status).toBe(
        404,
      );
    }
    expect(keyOf((await owner.caller.json(`/api/stream-keys/${owner.key.id}`, 'GET')).body)).toEqual(
      owner.key,
    );
  });

  it('regenerates the secret for the owner: the old one no longer finds the key', async () => {
    const owner = await streamer();
    const result = await owner.caller.json(`/api/stream-keys/${owner.key.id}/regenerate`, 'POST');
    expect(result.status).toBe(200);
    const rotated = keyOf(result.body);
    expect(rotated.key).not.toBe(owner.key.key);
    expect(rotated).toMatchObject({ id: owner.key.id, playbackId: owner.key.playbackId });
    expect((await owner.caller.json(`/api/stream-keys/key/${owner.key.key}`, 'GET')).status).toBe(404);
    expect(keyOf((await owner.caller.json(`/api/stream-keys/key/${rotated.key}`, 'GET')).body)).toEqual(
      rotated,
    );
    const info = await owner.caller.json(`/api/stream-keys/${owner.key.id}/streaming-info`, 'GET');
    expect(dataEnvelope(StreamingConfigSchema).parse(info.body).data.streamKey).toBe(rotated.key);
  });

  it('regenerating shuts the old secret out of the ingest and lets the new one push', async () => {
    const owner = await streamer();
    const rotated = keyOf(
      (await owner.caller.json(`/api/stream-keys/${owner.key.id}/regenerate`, 'POST')).body,
    );
    const push = (secret: string) =>
      newCaller().fetch(`/ingest/${secret}/index0.ts`, { method: 'PUT', body: new Uint8Array(188) });
    expect((await push(owner.key.key)).status).toBe(404);
    expect((await push(rotated.key)).status).toBe(201);
  });

  it('deletes the key with its sessions, and the owner may create a new one', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    const result = await owner.caller.json(`/api/stream-keys/${owner.key.id}`, 'DELETE');
    expect(result).toEqual({ status: 200, body: { data: { deleted: true } } });
    expect((await newCaller().json(`/api/stream-keys/${owner.key.id}`, 'GET')).status).toBe(404);
    expect((await newCaller().json(`/api/sessions/${session.id}`, 'GET')).status).toBe(404);
    const fresh = await createStreamKey(owner, 'Second life');
    expect(fresh.id).not.toBe(owner.key.id);
  });

  it('deletes a key whose session received a tip, keeping the tip', async () => {
    const owner = await streamer();
    const fan = await registeredUser();
    const session = await prepareSession(owner, owner.key.id);
    const tipId = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO tips (id, tipper_id, receiver_id, amount, tip_type, stream_session_id, status, created_at)
       VALUES (?1, ?2, ?3, 100000000, 'stream', ?4, 'confirmed', '2026-05-01T00:00:00.000Z')`,
    )
      .bind(tipId, fan.user.id, owner.user.id, session.id)
      .run();
    expect((await owner.caller.json(`/api/stream-keys/${owner.key.id}`, 'DELETE')).status).toBe(200);
    const tip = await env.DB.prepare('SELECT amount, stream_session_id FROM tips WHERE id = ?1')
      .bind(tipId)
      .first();
    expect(tip).toEqual({ amount: 100000000, stream_session_id: null });
  });
});

describe('key secrecy', () => {
  it('no answer to anyone but the owner carries the secret key', async () => {
    const owner = await streamer();
    const session = await prepareSession(owner, owner.key.id);
    const other = await registeredUser();
    const paths = [
      '/api/stream-keys',
      `/api/stream-keys/username/${owner.user.username}`,
      `/api/stream-keys/user/${owner.user.id}`,
      `/api/stream-keys/${owner.key.id}`,
      `/api/stream-keys/${owner.key.id}/streaming-info`,
      `/api/stream-keys/username/${owner.user.username}/streaming-info`,
      `/api/stream-keys/key/${owner.key.key}`,
      `/api/stream-keys/livepeer/status/${owner.key.id}`,
      `/api/stream-keys/livepeer/info/${owner.key.id}`,
      `/api/stream-keys/livepeer/playback/${owner.key.playbackId}`,
      '/api/sessions',
      '/api/sessions/active',
      `/api/sessions/live/${owner.key.id}`,
      `/api/sessions/${session.id}`,
      `/api/sessions/${session.id}/stats`,
      `/api/sessions/status?key=${owner.key.id}`,
      `/api/sessions/status?key=${owner.key.key}`,
    ];
    for (const stranger of [newCaller(), other.caller]) {
      for (const path of paths) {
        const result = await stranger.json(path, 'GET');
        expect(JSON.stringify(result.body), path).not.toContain(owner.key.key);
      }
    }
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { PublicStreamKeySchema, StreamKeySchema } from '../../schema/live-session';
import {
  createStreamKey,
  regenerateStreamKey,
  removeStreamKey,
  streamingConfig,
} from '../../worker/api/stream-keys/service';
import {
  CLOUDFLARE_RTMPS_INGEST,
  cloudflareStreamProvider,
} from '../../worker/ports/adapters/stream-cloudflare';
import { registeredUser } from '../factories/engagement';
import createLiveInput from '../fixtures/cloudflare-stream/create-live-input.json';
import createLiveInputReplacement from '../fixtures/cloudflare-stream/create-live-input-replacement.json';
import getDisconnected from '../fixtures/cloudflare-stream/get-live-input-disconnected.json';
import { newCaller } from './session';

/*
 * A Cloudflare Stream key through the stream-key service (the routes build their provider from the
 * env, which runs the local ingest here), read back through the routes: the live input's WHIP URL
 * carries its own secret, so it is stored for the owner and never answered to anyone else.
 */

const WHIP_SECRET = 'b236bde30eb07b9d01318940e5fc3edak1a553f11a88915d093d45eda660d2f8c';
const NEXT_WHIP_SECRET = 'c347cef41fc18c0e12429a51f6fd4febk2b664f22b99a26e1a4e56feb771e3f9d';

const recordedProvider = (...answers: unknown[]) => {
  const calls: string[] = [];
  const provider = cloudflareStreamProvider(
    { accountId: '023e105f4ecef8ad9ca31a8372d0c353', customerCode: 'f33zs165nr7gyfy4', apiToken: 'cf-token' },
    async (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const body = answers[calls.length - 1];
      if (body === undefined) throw new Error(`unexpected call ${url}`);
      return Response.json(body);
    },
  );
  return { calls, provider };
};

describe('a Cloudflare Stream key', () => {
  it('keeps the live input’s WHIP URL for its owner only, and its rotation replaces it', async () => {
    const owner = await registeredUser();
    const { calls, provider } = recordedProvider(
      createLiveInput,
      getDisconnected,
      { result: null, success: true, errors: [], messages: [] },
      createLiveInputReplacement,
      { result: null, success: true, errors: [], messages: [] },
    );
    const created = await createStreamKey(env.DB, provider, owner.user, {
      name: 'Main stream',
      userId: owner.user.id,
    });
    expect(created.whipUrl).toContain(WHIP_SECRET);
    // The encoder settings name Stream's RTMPS ingest and the input's RTMPS key, not Livepeer's.
    expect(streamingConfig(provider, 'http://reel.test', created, owner.user)).toMatchObject({
      serverUrl: CLOUDFLARE_RTMPS_INGEST,
      streamKey: created.key,
    });
    expect(created.key).toMatch(/^MTQ0MTcj/);

    const path = `/api/stream-keys/user/${owner.user.id}`;
    const ownView = dataEnvelope(StreamKeySchema).parse((await owner.caller.json(path, 'GET')).body).data;
    expect(ownView).toMatchObject({
      whipUrl: `https://customer-f33zs165nr7gyfy4.cloudflarestream.com/${WHIP_SECRET}/webRTC/publish`,
      livepeerStreamId: '1a553f11a88915d093d45eda660d2f8c',
      playbackUrl:
        'https://customer-f33zs165nr7gyfy4.cloudflarestream.com/1a553f11a88915d093d45eda660d2f8c/manifest/video.m3u8',
    });
    const stranger = await registeredUser();
    for (const caller of [stranger.caller, newCaller()]) {
      for (const read of [path, `/api/stream-keys/${created.id}`, '/api/stream-keys?limit=100']) {
        const result = await caller.json(read, 'GET');
        expect(result.status).toBe(200);
        expect(JSON.stringify(result.body), read).not.toContain(WHIP_SECRET);
      }
      const publicView = (await caller.json(path, 'GET')).body;
      expect(dataEnvelope(PublicStreamKeySchema).parse(publicView).data.id).toBe(created.id);
      expect(publicView).not.toHaveProperty('data.whipUrl');
    }

    await regenerateStreamKey(env.DB, provider, owner.user, created.id);
    const rotated = dataEnvelope(StreamKeySchema).parse((await owner.caller.json(path, 'GET')).body).data;
    expect(rotated.whipUrl).toContain(NEXT_WHIP_SECRET);
    expect(rotated.livepeerStreamId).toBe('2b664f22b99a26e1a4e56feb771e3f9d');
    expect(rotated.key).not.toBe(created.key);

    await removeStreamKey(env, provider, owner.user, created.id);
    expect((await owner.caller.json(path, 'GET')).status).toBe(404);
    expect(calls.map((call) => call.split(' ')[0])).toEqual(['POST', 'GET', 'DELETE', 'POST', 'DELETE']);
    expect(calls[4]).toMatch(/\/live_inputs\/2b664f22b99a26e1a4e56feb771e3f9d$/);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { SessionStatusReportSchema } from '../../schema/live';
import { OwnerStreamKeySchema, PublicStreamKeySchema } from '../../schema/live-session';
import { app } from '../../worker/index';
import { streamer } from '../factories/live';
import { errorMessage, newCaller } from './session';

const ORIGIN = 'http://reel.test';
/**
 * A relay address where nothing listens (port 9, discard). Every refusal below is the worker's own,
 * decided in D1 before the relay would be asked; the one question the worker does put to it (is
 * anyone publishing?) then answers no, as a relay without that publisher does. The relay itself
 * runs for real in tests/party/webrtc-relay.test.ts and tests/e2e/webrtc-relay.spec.ts.
 */
const withRelay = { ...env, WEBRTC_RELAY_URL: 'http://127.0.0.1:9' } as Env;

const OFFER = ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', ''].join(
  '\r\n',
);

const request = (path: string, init: RequestInit = {}, target: Env = withRelay) =>
  app.request(`${ORIGIN}${path}`, init, target);
const whip = (headers: Record<string, string>, body = OFFER, target: Env = withRelay) =>
  request(
    '/whip',
    { method: 'POST', headers: { 'Content-Type': 'application/sdp', ...headers }, body },
    target,
  );
const whep = (playbackId: string) =>
  request(`/whep/${playbackId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/sdp' },
    body: OFFER,
  });
const messageOf = async (response: Response) => errorMessage(await response.json()).message;

describe('WHIP', () => {
  it('refuses a missing or unknown Bearer key with 401 and WWW-Authenticate: Bearer', async () => {
    const owner = await streamer();
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer not-a-key' },
      { Authorization: owner.key.key },
    ];
    for (const headers of attempts) {
      const response = await whip(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
  });

  it("refuses a deactivated key with 403 'This stream key is not active'", async () => {
    const owner = await streamer();
    expect((await owner.caller.json(`/api/stream-keys/${owner.key.id}/deactivate`, 'POST')).status).toBe(200);
    const response = await whip({ Authorization: `Bearer ${owner.key.key}` });
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe('This stream key is not active');
  });

  it('refuses an offer that is not application/sdp (415) or not SDP (400)', async () => {
    const owner = await streamer();
    const bearer = { Authorization: `Bearer ${owner.key.key}` };
    expect(
      (
        await request('/whip', {
          method: 'POST',
          headers: { ...bearer, 'Content-Type': 'text/plain' },
          body: OFFER,
        })
      ).status,
    ).toBe(415);
    expect((await whip(bearer, '{"sdp":"v=0"}')).status).toBe(400);
  });

  it('answers PATCH (trickle ICE) with 405 on both resources', async () => {
    for (const path of [
      '/whip/0123456789abcdef0123456789abcdef',
      '/whep/p/0123456789abcdef0123456789abcdef',
    ]) {
      const response = await request(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/trickle-ice-sdpfrag' },
      });
      expect(response.status).toBe(405);
    }
  });

  it('is not there at all without a relay (404), and then the owner is given no WHIP address', async () => {
    const owner = await streamer();
    expect((await whip({ Authorization: `Bearer ${owner.key.key}` }, OFFER, env)).status).toBe(404);
    const ownKey = await owner.caller.json(`/api/stream-keys/user/${owner.user.id}`, 'GET');
    expect(dataEnvelope(OwnerStreamKeySchema).parse(ownKey.body).data.whipUrl).toBeNull();
  });

  it('gives the owner, and only the owner, the WHIP address while a relay is configured', async () => {
    const owner = await streamer();
    const viaRelay = newCaller((url, init) => Promise.resolve(app.request(url, init, withRelay)));
    viaRelay.cookie = owner.caller.cookie;
    const own = await viaRelay.json(`/api/stream-keys/user/${owner.user.id}`, 'GET');
    expect(dataEnvelope(OwnerStreamKeySchema).parse(own.body).data.whipUrl).toBe(`${ORIGIN}/whip`);
    const stranger = newCaller((url, init) => Promise.resolve(app.request(url, init, withRelay)));
    const seen = await stranger.json(`/api/stream-keys/user/${owner.user.id}`, 'GET');
    expect(dataEnvelope(PublicStreamKeySchema).parse(seen.body).data).not.toHaveProperty('whipUrl');
    expect(seen.body).not.toHaveProperty(['data', 'whipUrl']);
  });
});

describe('WHEP', () => {
  it("refuses an unknown playback id (404 'Playback not available'), a private stream (403) and an offline one (404)", async () => {
    const unknown = await whep('0123456789abcdef0123456789abcdef');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('Playback not available');

    const owner = await streamer();
    const offline = await whep(owner.key.playbackId);
    expect(offline.status).toBe(404);
    expect(await messageOf(offline)).toBe('Stream is offline');

    await owner.caller.json(`/api/stream-keys/${owner.key.id}/deactivate`, 'POST');
    const hidden = await whep(owner.key.playbackId);
    expect(hidden.status).toBe(403);
    expect(await messageOf(hidden)).toBe('Stream is private');
  });

  it('names no WHEP URL in the status answer while no WebRTC publisher is on air', async () => {
    const owner = await streamer();
    const status = await request(`/api/sessions/status?key=${owner.key.id}`);
    expect(dataEnvelope(SessionStatusReportSchema).parse(await status.json()).data.whepUrl).toBeNull();
  });
});

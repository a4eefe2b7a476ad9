import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayAnswerSchema, RelayStreamStateSchema } from '../../schema/webrtc-relay';
import { createRelayServer } from '../../scripts/webrtc-relay/server';
import { testPublisher, testViewer } from './webrtc-peers';

/**
 * The local WebRTC relay (scripts/webrtc-relay) on its loopback HTTP API, with real werift peers
 * over real ICE/DTLS/SRTP: a publisher's packets reach a viewer unchanged, one publisher per
 * stream. Without ffmpeg here (the HLS copy is the e2e test's).
 */
let relayUrl = '';
const relay = createRelayServer({ ffmpeg: null, log: () => undefined });

beforeAll(async () => {
  await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await relay.closeAll();
  relay.server.close();
});

const post = (path: string, body: object) =>
  fetch(`${relayUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
const publishing = async (playbackId: string) =>
  RelayStreamStateSchema.parse(await (await fetch(`${relayUrl}/streams/${playbackId}`)).json()).publishing;
const ingestUrl = 'http://127.0.0.1:9/ingest/secret';

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('WebRTC relay', () => {
  it("forwards a publisher's video packets to a WHEP viewer in order, asking for a keyframe when it joins; after the publisher's DELETE no one can join", async () => {
    const publisher = await testPublisher();
    const published = await post('/publish/stream-a', { sdp: publisher.offer, ingestUrl });
    expect(published.status).toBe(201);
    const publishAnswer = RelayAnswerSchema.parse(await published.json());
    await publisher.accept(publishAnswer.sdp);
    await until(() => publisher.pc.connectionState === 'connected');
    expect(await publishing('stream-a')).toBe(true);

    const viewer = await testViewer();
    const played = await post('/play/stream-a', { sdp: viewer.offer });
    expect(played.status).toBe(201);
    await viewer.accept(RelayAnswerSchema.parse(await played.json()).sdp);
    await until(() => viewer.pc.connectionState === 'connected');
    await until(() => publisher.keyframeRequests() > 0);

    // Packets sent before the viewer's sender is ready may be dropped; keep sending until some arrive.
    let marker = 0;
    await until(() => {
      publisher.send(++marker % 250);
      return viewer.received.length >= 5;
    });
    const first = viewer.received[0] ?? 0;
    expect(viewer.received.slice(0, 5)).toEqual([first, first + 1, first + 2, first + 3, first + 4]);

    const ended = await fetch(`${relayUrl}/publish/stream-a/${publishAnswer.resourceId}`, {
      method: 'DELETE',
    });
    expect(ended.status).toBe(200);
    expect(await publishing('stream-a')).toBe(false);
    const late = await testViewer();
    expect((await post('/play/stream-a', { sdp: late.offer })).status).toBe(404);
    await Promise.all([publisher.pc.close(), viewer.pc.close(), late.pc.close()]);
  });

  it('refuses a second publisher on the same stream with 409, and viewers of a stream nobody publishes with 404', async () => {
    const first = await testPublisher();
    const second = await testPublisher();
    const [a, b] = await Promise.all([
      post('/publish/stream-b', { sdp: first.offer, ingestUrl }),
      post('/publish/stream-b', { sdp: second.offer, ingestUrl }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);

    const viewer = await testViewer();
    expect((await post('/play/nobody', { sdp: viewer.offer })).status).toBe(404);
    expect((await post('/publish/stream-c', { sdp: 'not sdp', ingestUrl })).status).toBe(400);
    expect(await publishing('stream-c')).toBe(false);
    await Promise.all([first.pc.close(), second.pc.close(), viewer.pc.close()]);
  });
});

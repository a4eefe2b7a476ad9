import { PartySocket } from 'partysocket';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { type StatusServerMessage, StatusServerMessageSchema } from '../../schema/chat';
import { StreamKeySchema } from '../../schema/live-session';
import fixture from '../fixtures/live/segments.json';
import { registerUser } from './chat-user';

const url = (path: string) => new URL(path, inject('workerUrl'));
const segments = fixture.segments.map((segment) => Uint8Array.from(Buffer.from(segment.base64, 'base64')));

const StatusMeSchema = z.object({ user: z.object({ id: z.string() }) });

/** A streamer of the running worker with a stream key made through the API. */
const newStream = async () => {
  const user = await registerUser();
  const me = await fetch(url('/api/auth/me'), { headers: { Cookie: user.cookie } });
  const { user: profile } = dataEnvelope(StatusMeSchema).parse(await me.json()).data;
  const created = await fetch(url('/api/stream-keys'), {
    method: 'POST',
    headers: { Cookie: user.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Status test', userId: profile.id }),
  });
  return dataEnvelope(StreamKeySchema).parse(await created.json()).data;
};
/** A watcher of a stream's status room over a real WebSocket (partysocket, as the web app uses). */
const watchStatus = (room: string) => {
  const socket = new PartySocket({
    host: url('/').host,
    party: 'status',
    room,
    query: { type: 'status', key: room },
    WebSocket,
  });
  const received: StatusServerMessage[] = [];
  socket.addEventListener('message', (event: MessageEvent) => {
    const parsed = StatusServerMessageSchema.safeParse(JSON.parse(String(event.data)));
    if (parsed.success) received.push(parsed.data);
  });
  /** Resolves once the `n`-th frame (1-based) has arrived. */
  const frame = (n: number, timeoutMs = 5000) =>
    new Promise<StatusServerMessage>((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const found = received[n - 1];
        if (found) {
          clearInterval(poll);
          resolve(found);
        } else if (Date.now() - started > timeoutMs) {
          clearInterval(poll);
          reject(new Error(`frame ${n} not within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }
      }, 20);
    });
  return { received, frame, close: () => socket.close() };
};

const put = (secret: string, file: string, body: Uint8Array<ArrayBuffer> | string) =>
  fetch(url(`/ingest/${secret}/${file}`), { method: 'PUT', body });

const playlist = (last: number, ended = false) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-MEDIA-SEQUENCE:0',
    ...Array.from({ length: last + 1 }, (_, n) => [
      `#EXTINF:${fixture.segments[n]!.duration},`,
      `index${n}.ts`,
    ]).flat(),
    ...(ended ? ['#EXT-X-ENDLIST'] : []),
    '',
  ].join('\n');

const pushSegment = async (secret: string, n: number) => {
  expect((await put(secret, `index${n}.ts`, segments[n]!)).status).toBe(201);
  expect((await put(secret, 'index.m3u8', playlist(n))).status).toBe(201);
};

describe('status room pushed by the local ingest', () => {
  it('tells a watcher the stream went live when segments arrive and offline at ENDLIST', async () => {
    const key = await newStream();
    const watcher = watchStatus(key.id);
    expect(await watcher.frame(1)).toEqual({ type: 'status', isLive: false, sessionId: null });

    await pushSegment(key.key, 0);
    expect((await watcher.frame(2)).isLive).toBe(true);
    await pushSegment(key.key, 1);
    expect((await put(key.key, 'index.m3u8', playlist(1, true))).status).toBe(201);
    expect((await watcher.frame(3)).isLive).toBe(false);
    expect(watcher.received.map((status) => status.isLive)).toEqual([false, true, false]);
    watcher.close();
  });

  it('tells a watcher the stream went offline when segments stop without an ENDLIST', async () => {
    const key = await newStream();
    const watcher = watchStatus(key.id);
    await watcher.frame(1);
    await pushSegment(key.key, 0);
    expect((await watcher.frame(2)).isLive).toBe(true);
    // The second segment is timed with the target duration the first playlist announced (1 s).
    await pushSegment(key.key, 1);
    const stoppedAt = Date.now();

    // Offline 3 target durations after the last segment, pushed by the room's alarm.
    expect((await watcher.frame(3, 8000)).isLive).toBe(false);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    watcher.close();
  });
});

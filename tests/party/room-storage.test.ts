import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { newRoom } from './chat-user';
import { pause, until } from './wait';

/**
 * What the rooms store, read from the worker's own storage folder. This file has a worker and a
 * folder of its own (vitest.config.ts, the party-storage project): counting files there says
 * something only when no other test opens rooms at the same time.
 */

/** Opens a raw WebSocket to a room path: 'open', or the HTTP status that refused the upgrade. */
const upgrade = (roomPath: string) =>
  new Promise<number | 'open'>((resolve, reject) => {
    const socket = new WebSocket(new URL(roomPath, inject('workerUrl').replace('http', 'ws')));
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
/** Chat room instances with storage: workerd keeps one SQLite file per Durable Object. */
const chatRoomFiles = () => {
  try {
    return readdirSync(path.join(inject('persistTo'), 'v3/do/reel-Chat')).filter(
      (file) => file.endsWith('.sqlite') && file !== 'metadata.sqlite',
    );
  } catch {
    return [];
  }
};

describe('rooms exist only for stream keys', () => {
  it('refuses a made-up room name with a 404 from the worker, for a socket and a request, and stores nothing', async () => {
    const before = chatRoomFiles();
    for (const party of ['chat', 'status']) {
      const roomPath = `/parties/${party}/made-up-${crypto.randomUUID()}`;
      expect(await upgrade(`${roomPath}?token=x`)).toBe(404);
      const response = await fetch(new URL(roomPath, inject('workerUrl')));
      expect(response.status).toBe(404);
      // The room never answers this shape: the refusal came from the worker, before any room existed.
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: 'Stream key not found' },
      });
    }
    await pause(500);
    expect(chatRoomFiles()).toEqual(before);
  });

  it("opens a real stream's rooms, whose storage the check above would see", async () => {
    const before = chatRoomFiles().length;
    const room = await newRoom();
    expect(await upgrade(`/parties/chat/${room}`)).toBe('open');
    expect(await upgrade(`/parties/status/${room}`)).toBe('open');
    await until(
      () => chatRoomFiles().length === before + 1,
      () => `${chatRoomFiles().length - before} new chat room files`,
    );
  });
});

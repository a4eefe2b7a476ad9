import { SELF } from 'cloudflare:test';
import { ChatServerMessageSchema } from '../../schema/live';

/** A WebSocket to a room inside the Workers runtime, collecting its text frames. */
export const openSocket = async (path: string) => {
  const response = await SELF.fetch(`http://reel.test${path}`, { headers: { Upgrade: 'websocket' } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no WebSocket for ${path}: ${response.status}`);
  socket.accept();
  const frames: unknown[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener('message', (event) => {
    frames.push(JSON.parse(String(event.data)));
    for (const wake of waiters) wake();
  });
  const waitFor = (predicate: (frame: unknown) => boolean) =>
    new Promise<unknown>((resolve, reject) => {
      const check = () => {
        const found = frames.find(predicate);
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => reject(new Error(`no frame; got ${JSON.stringify(frames)}`)), 5000);
      waiters.add(check);
      check();
    });
  return { socket, frames, waitFor };
};

/** Matches a chat frame of the given type. */
export const chatFrame = (type: string) => (frame: unknown) =>
  ChatServerMessageSchema.safeParse(frame).data?.type === type;

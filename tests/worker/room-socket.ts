import { SELF } from 'cloudflare:test';
import { ChatWireSchema } from '../../schema/chat-wire';
import { ChatServerMessageSchema } from '../../schema/live';

/** A WebSocket to a room inside the Workers runtime, collecting its frames (a chat `batch` as the frames it carries). */
export const openSocket = async (path: string, headers: Record<string, string> = {}) => {
  const response = await SELF.fetch(`http://reel.test${path}`, {
    headers: { ...headers, Upgrade: 'websocket' },
  });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no WebSocket for ${path}: ${response.status}`);
  socket.accept();
  const frames: unknown[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener('message', (event) => {
    const wire: unknown = JSON.parse(String(event.data));
    const chat = ChatWireSchema.safeParse(wire).data;
    frames.push(...(chat?.type === 'batch' ? chat.frames : [wire]));
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

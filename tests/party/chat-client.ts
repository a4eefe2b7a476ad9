import { PartySocket } from 'partysocket';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { ChatWireSchema, framesOf } from '../../schema/chat-wire';
import type { ChatServerMessage } from '../../schema/live';

/** A chat participant over a real WebSocket, collecting what the room sends it. */
export type ChatClient = {
  socket: PartySocket;
  received: ChatServerMessage[];
  /** The shard object its welcome names (`<room>:<k>`). */
  shard: () => string;
  send: (text: string) => void;
  waitFor: (
    predicate: (message: ChatServerMessage) => boolean,
    timeoutMs?: number,
  ) => Promise<ChatServerMessage>;
  close: () => void;
};

/**
 * A fresh `CF-Connecting-IP` for a visitor's socket: the room counts visitors by address and takes
 * at most 10 token-less sockets from one (party/viewers.ts). No edge stands in front of the test
 * worker, so the header a test sends is the address the room sees.
 */
export const freshAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** `ws` sending `CF-Connecting-IP: address`, for PartySocket (which takes a constructor). */
const socketFrom = (address: string) =>
  class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { 'CF-Connecting-IP': address } });
    }
  };

/**
 * Joins a chat room; with a chat token the connection may speak. The query also carries a
 * self-declared identity, as old clients sent it, to prove the room ignores it. Each socket comes
 * from its own address unless `address` says which.
 */
export const connectChat = async (
  room: string,
  token?: string,
  { address = freshAddress() }: { address?: string } = {},
): Promise<ChatClient> => {
  const host = new URL(inject('workerUrl')).host;
  const query: Record<string, string> = { type: 'chat', key: room, userId: 'forged', username: 'forged' };
  if (token) query.token = token;
  let shard = '';
  const socket = new PartySocket({ host, party: 'chat', room, query, WebSocket: socketFrom(address) });
  const received: ChatServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener('message', (event: MessageEvent) => {
    const raw: unknown = JSON.parse(String(event.data));
    if (!shard && typeof raw === 'object' && raw !== null && 'shard' in raw) shard = String(raw.shard);
    const wire = ChatWireSchema.safeParse(raw);
    if (wire.success) received.push(...framesOf(wire.data));
    for (const wake of waiters) wake();
  });
  const waitFor: ChatClient['waitFor'] = (predicate, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = received.find(predicate);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching message within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  await waitFor((message) => message.type === 'recent_messages');
  return {
    socket,
    received,
    shard: () => shard,
    send: (text) => socket.send(JSON.stringify({ type: 'chat_message', message: text })),
    waitFor,
    close: () => socket.close(),
  };
};

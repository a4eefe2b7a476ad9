import { inject } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { NonceSchema } from '../../schema/auth';
import { ChatTokenSchema } from '../../schema/chat';
import { StreamKeySchema } from '../../schema/live';
import { UserSchema } from '../../schema/user';
import { makeWallet } from '../factories/wallet';

/**
 * A registered user of the running worker, signed in with a fresh wallet over plain HTTP. `openStream`
 * creates the user's stream key and answers its public id: the name of the stream's chat room.
 */
export type ChatUser = {
  username: string;
  cookie: string;
  chatToken: (room: string) => Promise<string>;
  openStream: () => Promise<string>;
};

const call = async (path: string, init: RequestInit & { cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(new URL(path, inject('workerUrl')), { ...init, headers });
};

export const registerUser = async (): Promise<ChatUser> => {
  const wallet = makeWallet();
  const username = `u${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const nonceResponse = await call(`/api/auth/nonce?address=${wallet.address}`);
  const { nonce, message } = dataEnvelope(NonceSchema).parse(await nonceResponse.json()).data;
  const signIn = await call('/api/auth/wallet', {
    method: 'POST',
    body: JSON.stringify({
      address: wallet.address,
      publicKey: wallet.publicKey,
      ...wallet.signMessage(message, nonce),
    }),
  });
  const cookie = signIn.headers.get('Set-Cookie')?.split(';')[0];
  if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  const register = await call('/api/users', {
    method: 'POST',
    cookie,
    body: JSON.stringify({
      username,
      fullName: 'Chat Tester',
      email: `${username}@example.com`,
      description: 'Here to test the chat room.',
      avatar: '/media/avatars/chat.svg',
      aptosAddress: wallet.address,
    }),
  });
  if (!register.ok) throw new Error(`registration failed: ${register.status} ${await register.text()}`);
  const user = dataEnvelope(UserSchema).parse(await register.json()).data;
  return {
    username,
    cookie,
    openStream: async () => {
      const response = await call('/api/stream-keys', {
        method: 'POST',
        cookie,
        body: JSON.stringify({ name: 'Chat test stream', userId: user.id }),
      });
      if (!response.ok) throw new Error(`stream key failed: ${response.status} ${await response.text()}`);
      return dataEnvelope(StreamKeySchema).parse(await response.json()).data.id;
    },
    chatToken: async (room) => {
      const response = await call(`/api/chat/token?room=${encodeURIComponent(room)}`, { cookie });
      return dataEnvelope(ChatTokenSchema).parse(await response.json()).data.token;
    },
  };
};

/** A fresh stream's chat room: a new streamer's stream key id. */
export const newRoom = async () => (await registerUser()).openStream();

/** Clears a room's messages as `user` and answers the status. */
export const clearRoom = async (user: ChatUser, room: string) =>
  (await call(`/api/chat/${encodeURIComponent(room)}/messages`, { method: 'DELETE', cookie: user.cookie }))
    .status;

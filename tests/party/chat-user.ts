import { inject } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema } from '../../schema/chat';
import { StreamKeySchema } from '../../schema/live-session';
import { expectOk, signUpOverHttp } from '../factories/http-user';

/**
 * A registered user of the running worker, signed in with a fresh wallet over plain HTTP. `openStream`
 * creates the user's stream key and answers its public id: the name of the stream's chat room.
 */
export type ChatUser = {
  userId: string;
  username: string;
  cookie: string;
  call: (path: string, init?: RequestInit) => Promise<Response>;
  chatToken: (room: string) => Promise<string>;
  openStream: () => Promise<string>;
};

export const registerUser = async (): Promise<ChatUser> => {
  const { username, userId, cookie, call } = await signUpOverHttp(inject('workerUrl'), {
    prefix: 'u',
    fullName: 'Chat Tester',
    description: 'Here to test the chat room.',
    avatar: '/media/avatars/chat.svg',
  });
  return {
    userId,
    username,
    cookie,
    call,
    openStream: async () => {
      const body = JSON.stringify({ name: 'Chat test stream', userId });
      const response = await expectOk(await call('/api/stream-keys', { method: 'POST', body }), 'stream key');
      return dataEnvelope(StreamKeySchema).parse(await response.json()).data.id;
    },
    chatToken: async (room) => {
      const response = await call(`/api/chat/token?room=${encodeURIComponent(room)}`);
      return dataEnvelope(ChatTokenSchema).parse(await response.json()).data.token;
    },
  };
};

/** A fresh stream's chat room: a new streamer's stream key id. */
export const newRoom = async () => (await registerUser()).openStream();

/** Clears a room's messages as `user` and answers the status. */
export const clearRoom = async (user: ChatUser, room: string) =>
  (await user.call(`/api/chat/${encodeURIComponent(room)}/messages`, { method: 'DELETE' })).status;

import { signChatToken } from '../../../party/chat-token';
import { type ChatTokenEnv, chatTokenSecret } from '../../../party/chat-token-secret';
import { CHAT_TOKEN_TTL_SECONDS, type ChatToken } from '../../../schema/chat';
import { LIVE_TEXT } from '../../../schema/live';
import type { StreamKey } from '../../../schema/live-session';
import type { SessionUser } from '../../../schema/user';
import { forbidden, notFound } from '../../lib/errors';
import { getStreamKeyById } from '../stream-keys/queries';

/** A token that lets `user` speak in `room` for ten minutes; the identity comes from the profile. */
export const issueChatToken = async (
  env: ChatTokenEnv,
  user: SessionUser,
  room: string,
  now: Date,
): Promise<ChatToken> => {
  const exp = Math.floor(now.getTime() / 1000) + CHAT_TOKEN_TTL_SECONDS;
  const token = await signChatToken(await chatTokenSecret(env, now), {
    userId: user.id,
    username: user.username,
    avatar: user.avatar,
    room,
    exp,
  });
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
};

/** A chat room is a stream, named by the stream key's public id: it must exist (404 otherwise). */
export const requireStreamRoom = async (db: D1Database, room: string): Promise<StreamKey> => {
  const key = await getStreamKeyById(db, room);
  if (!key) throw notFound(LIVE_TEXT.keyNotFound);
  return key;
};

/** Only the stream's owner may clear its chat: 404 for an unknown stream, 403 for anyone else. */
export const assertRoomOwner = async (db: D1Database, user: SessionUser, room: string) => {
  const key = await requireStreamRoom(db, room);
  if (key.userId !== user.id) throw forbidden('Only the streamer can clear this chat');
};

import { signChatToken } from '../../../party/chat-token';
import { CHAT_TOKEN_TTL_SECONDS, type ChatToken } from '../../../schema/chat';
import type { User } from '../../../schema/user';
import { ApiError } from '../../lib/errors';
import { type ChatTokenEnv, chatTokenSecret } from './token-secret';

/** A token that lets `user` speak in `room` for ten minutes; the identity comes from the profile. */
export const issueChatToken = async (
  env: ChatTokenEnv,
  user: User,
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

/**
 * Only the stream's owner may clear its chat. For now a chat room is named after the streamer's
 * username (the live page joins `chat/<username>`), so the caller's username must equal the room;
 * once stream keys land, rooms are named by the stream's public id and this checks its owner.
 */
export const assertRoomOwner = (user: User, room: string) => {
  if (user.username !== room) throw new ApiError(403, 'forbidden', 'Only the streamer can clear this chat');
};

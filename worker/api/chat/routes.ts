import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../../lib/app-env';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { moderationRoutes } from './moderation-routes';
import { clearChatMessages } from './rooms';
import { assertRoomOwner, issueChatToken, requireStreamRoom } from './service';

const RoomSchema = z.string().check(z.minLength(1), z.maxLength(128));

/**
 * Chat (live §7): tokens to speak in a stream's room and the owner's clear. A room is named by the
 * stream key's public id (DESIGN.md §7), never by the secret key or the streamer's username.
 */
export const chatRoutes = new Hono<AppEnv>()
  .route('/:room/moderation', moderationRoutes)
  .get('/token', signedIn, validate('query', z.object({ room: RoomSchema })), registered, async (c) => {
    const user = c.var.user;
    const { room } = c.req.valid('query');
    await requireStreamRoom(c.env.DB, room);
    return c.json({ data: await issueChatToken(c.env, user, room, new Date()) });
  })
  .delete(
    '/:id/messages',
    signedIn,
    validate('param', z.object({ id: RoomSchema })),
    registered,
    async (c) => {
      const user = c.var.user;
      const room = c.req.valid('param').id;
      await assertRoomOwner(c.env.DB, user, room);
      await clearChatMessages(c.env, room);
      return c.json({ data: { cleared: true } });
    },
  );

import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../../lib/app-env';
import { requireUser, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { clearChatMessages } from './rooms';
import { assertRoomOwner, issueChatToken } from './service';

const RoomSchema = z.string().check(z.minLength(1), z.maxLength(128));

export const chatRoutes = new Hono<AppEnv>()
  .get('/token', signedIn, validate('query', z.object({ room: RoomSchema })), async (c) => {
    const user = await requireUser(c);
    const { room } = c.req.valid('query');
    return c.json({ data: await issueChatToken(c.env, user, room, new Date()) });
  })
  .delete('/:room/messages', async (c) => {
    const user = await requireUser(c);
    const room = c.req.param('room');
    assertRoomOwner(user, room);
    await clearChatMessages(c.env, room);
    return c.json({ data: { cleared: true } });
  });

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { ChatRulesSchema, ModeratorBodySchema, SanctionBodySchema } from '../../../schema/chat-moderation';
import type { AppEnv } from '../../lib/app-env';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import {
  addModerator,
  deleteMessage,
  liftSanction,
  readLog,
  readModeration,
  removeModerator,
  sanction,
  updateRules,
} from './moderation-service';

const RoomParam = z.object({ room: z.string().check(z.minLength(1), z.maxLength(128)) });
const UsernameParam = z.object({
  room: RoomParam.shape.room,
  username: z.string().check(z.minLength(1), z.maxLength(64)),
});
const MessageParam = z.object({
  room: RoomParam.shape.room,
  messageId: z.string().check(z.minLength(1), z.maxLength(64)),
});

/**
 * Chat moderation (issue 24 §1) under `/api/chat/{room}/moderation`: every route needs a registered
 * caller; the service checks the role (the creator for rules and moderators, the creator or a
 * moderator for the rest) and the rooms enforce what is written.
 */
export const moderationRoutes = new Hono<AppEnv>()
  .use(signedIn, registered)
  .get('/', validate('param', RoomParam), async (c) =>
    c.json({ data: await readModeration(c.env.DB, c.var.user, c.req.valid('param').room, new Date()) }),
  )
  .put('/rules', validate('param', RoomParam), validate('json', ChatRulesSchema), async (c) => {
    const acting = { env: c.env, actor: c.var.user, room: c.req.valid('param').room, now: new Date() };
    await updateRules(acting, c.req.valid('json'));
    return c.json({ data: c.req.valid('json') });
  })
  .post('/moderators', validate('param', RoomParam), validate('json', ModeratorBodySchema), async (c) => {
    const acting = { env: c.env, actor: c.var.user, room: c.req.valid('param').room, now: new Date() };
    await addModerator(acting, c.req.valid('json').username);
    return c.json({ data: { added: true } }, 201);
  })
  .delete('/moderators/:username', validate('param', UsernameParam), async (c) => {
    const { room, username } = c.req.valid('param');
    await removeModerator({ env: c.env, actor: c.var.user, room, now: new Date() }, username);
    return c.json({ data: { removed: true } });
  })
  .post('/sanctions', validate('param', RoomParam), validate('json', SanctionBodySchema), async (c) => {
    const acting = { env: c.env, actor: c.var.user, room: c.req.valid('param').room, now: new Date() };
    const { username, minutes } = c.req.valid('json');
    await sanction(acting, username, minutes);
    return c.json({ data: { sanctioned: true } }, 201);
  })
  .delete('/sanctions/:username', validate('param', UsernameParam), async (c) => {
    const { room, username } = c.req.valid('param');
    await liftSanction({ env: c.env, actor: c.var.user, room, now: new Date() }, username);
    return c.json({ data: { lifted: true } });
  })
  .delete('/messages/:messageId', validate('param', MessageParam), async (c) => {
    const { room, messageId } = c.req.valid('param');
    await deleteMessage({ env: c.env, actor: c.var.user, room, now: new Date() }, messageId);
    return c.json({ data: { deleted: true } });
  })
  .get('/log', validate('param', RoomParam), async (c) => {
    return c.json({ data: await readLog(c.env.DB, c.var.user, c.req.valid('param').room) });
  });

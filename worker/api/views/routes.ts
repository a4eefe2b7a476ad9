import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { LIMITS } from '../../../schema/constants';
import {
  CreateViewBodySchema,
  type CreateViewResult,
  UpdateViewBodySchema,
  ViewContentTypeSchema,
} from '../../../schema/views';
import type { AppEnv } from '../../lib/app-env';
import { assertSelf, currentSession, registered, registeredUser, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { callerIdOf } from '../videos/visibility';
import { clientIpOf } from './client-ip';
import { listViewHistory } from './queries';
import { limitViewCalls } from './rate-limit';
import { getVisibleViewStats, recordProgress, startView, type Viewer } from './service';

const ContentParamSchema = z.object({ type: ViewContentTypeSchema, contentId: IdSchema });
const StatsParamSchema = z.object({ type: ViewContentTypeSchema, id: IdSchema });
const ViewParamSchema = z.object({ viewId: IdSchema });
const UserParamSchema = z.object({ userId: IdSchema });
const MAX_USER_AGENT = 512;

/** The caller as a viewer: the session's user, and the edge's IP and the browser's agent (never the body's). */
const viewerOf = async (c: Context<AppEnv>): Promise<Viewer> => ({
  userId: await callerIdOf(c),
  ip: clientIpOf(c),
  userAgent: (c.req.header('User-Agent') ?? '').slice(0, MAX_USER_AGENT),
});

/** View tracking (content §4, §7): records, progress, stats and a user's history. */
export const viewsRoutes = new Hono<AppEnv>()
  .get(
    '/user/:userId/history',
    signedIn,
    validate('param', UserParamSchema),
    validate('query', pageQuerySchema(LIMITS.listDefault)),
    registered,
    async (c) => {
      const caller = c.var.user;
      assertSelf(caller, c.req.valid('param').userId);
      return c.json({ data: await listViewHistory(c.env.DB, caller.id, c.req.valid('query')) });
    },
  )
  .get('/:type/:id/stats', validate('param', StatsParamSchema), async (c) => {
    const { type, id } = c.req.valid('param');
    return c.json({ data: await getVisibleViewStats(c.env.DB, type, id, await callerIdOf(c)) });
  })
  .post(
    '/:type/:contentId',
    validate('param', ContentParamSchema),
    validate('json', CreateViewBodySchema),
    async (c) => {
      const { type, contentId } = c.req.valid('param');
      const body = c.req.valid('json');
      const userId = body.userId ?? null;
      // Anyone may record a view; only one that names a user needs that user signed in.
      if (userId) assertSelf(registeredUser(await currentSession(c)), userId);
      const viewer = await viewerOf(c);
      const ip = clientIpOf(c, body.ipAddress);
      await limitViewCalls(c, 'create', userId ? `user:${userId}` : `ip:${ip}`);
      const { viewId, created } = await startView(c.env.DB, {
        type,
        contentId,
        userId,
        viewer,
        sessionId: body.sessionId,
        ip,
        userAgent: viewer.userAgent || (body.userAgent ?? '').slice(0, MAX_USER_AGENT),
      });
      const data: CreateViewResult = { viewId };
      return c.json({ data }, created ? 201 : 200);
    },
  )
  .put('/:viewId', validate('param', ViewParamSchema), validate('json', UpdateViewBodySchema), async (c) => {
    const body = c.req.valid('json');
    const viewer = await viewerOf(c);
    const ip = clientIpOf(c, body.ipAddress);
    await limitViewCalls(c, 'update', viewer.userId ? `user:${viewer.userId}` : `ip:${ip}`);
    const view = await recordProgress(c.env.DB, c.req.valid('param').viewId, body, viewer);
    return c.json({ data: view });
  });

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema } from '../../../schema/common';
import { AnalyticsContentTypeSchema } from '../../../schema/views';
import type { AppEnv } from '../../lib/app-env';
import { validate } from '../../lib/validate';
import { callerIdOf } from '../videos/visibility';
import { getContentAnalytics, getUserAnalytics } from './service';

const UserParamSchema = z.object({ id: IdSchema });
const ContentParamSchema = z.object({ type: AnalyticsContentTypeSchema, id: IdSchema });

/** `GET /analytics/user/{id}` and `GET /analytics/{videos|shorts}/{id}` (content §7). */
export const analyticsRoutes = new Hono<AppEnv>()
  .get('/user/:id', validate('param', UserParamSchema), async (c) => {
    return c.json({ data: await getUserAnalytics(c.env.DB, c.req.valid('param').id) });
  })
  .get('/:type/:id', validate('param', ContentParamSchema), async (c) => {
    const { type, id } = c.req.valid('param');
    return c.json({ data: await getContentAnalytics(c.env.DB, type, id, await callerIdOf(c)) });
  });

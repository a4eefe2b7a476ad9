import { Hono } from 'hono';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import type { AppEnv } from '../../lib/app-env';
import { validate } from '../../lib/validate';
import { listCategories, listTopUsers } from './queries';

const TopQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.listMax)),
    LIMITS.topUsersDefault,
  ),
});

export const usersRoutes = new Hono<AppEnv>()
  .get('/categories', async (c) => c.json({ data: await listCategories(c.env.DB) }))
  .get('/top', validate('query', TopQuerySchema), async (c) => {
    const { limit } = c.req.valid('query');
    return c.json({ data: await listTopUsers(c.env.DB, limit) });
  });

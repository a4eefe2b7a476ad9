import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { FollowBodySchema, FollowCheckQuerySchema } from '../../../schema/engagement';
import type { AppEnv } from '../../lib/app-env';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { assertUser, userNotFound } from './content-kind';
import { getFollowStats, listFollowUsers } from './follows-queries';
import { isFollowing, setFollow } from './follows-service';

const UserParamSchema = z.object({ id: IdSchema });

/** Follows between users (content §7), mounted under `/users`. */
export const followsRoutes = new Hono<AppEnv>()
  .post('/follow', signedIn, validate('json', FollowBodySchema), registered, async (c) => {
    return c.json({ data: await setFollow(c.env.DB, c.var.user, c.req.valid('json'), true) });
  })
  .delete('/follow', signedIn, validate('json', FollowBodySchema), registered, async (c) => {
    return c.json({ data: await setFollow(c.env.DB, c.var.user, c.req.valid('json'), false) });
  })
  .get('/follow/check', validate('query', FollowCheckQuerySchema), async (c) => {
    return c.json({ data: { isFollowing: await isFollowing(c.env.DB, c.req.valid('query')) } });
  })
  .get('/:id/follow-stats', validate('param', UserParamSchema), async (c) => {
    const stats = await getFollowStats(c.env.DB, c.req.valid('param').id);
    if (!stats) throw userNotFound();
    return c.json({ data: stats });
  })
  .get(
    '/:id/:side{followers|following}',
    validate('param', z.object({ id: IdSchema, side: z.enum(['followers', 'following']) })),
    validate('query', pageQuerySchema()),
    async (c) => {
      const { id, side } = c.req.valid('param');
      await assertUser(c.env.DB, id);
      return c.json({ data: await listFollowUsers(c.env.DB, id, side, c.req.valid('query')) });
    },
  );

import { Hono } from 'hono';
import { pageQuerySchema } from '../../../schema/common';
import { LIMITS } from '../../../schema/constants';
import type { ShortsPage } from '../../../schema/content';
import type { AppEnv } from '../../lib/app-env';
import { validate } from '../../lib/validate';
import { listLatest, listLatestWithTotal } from './queries';

export const videosRoutes = new Hono<AppEnv>()
  .get('/', validate('query', pageQuerySchema(LIMITS.allVideosDefault)), async (c) => {
    return c.json({ data: await listLatest(c.env.DB, 'video', c.req.valid('query')) });
  })
  .get('/shorts/paginated', validate('query', pageQuerySchema(LIMITS.shortsPageSize)), async (c) => {
    const page = c.req.valid('query');
    const { items, total } = await listLatestWithTotal(c.env.DB, 'short', page);
    const data: ShortsPage = { items, total, ...page, hasMore: page.offset + items.length < total };
    return c.json({ data });
  });

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { type BookmarkState, ShortMarkBodySchema, ShortMarkQuerySchema } from '../../../schema/engagement';
import { MESSAGES } from '../../../schema/messages';
import type { AppEnv } from '../../lib/app-env';
import { badRequest } from '../../lib/errors';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { viewerIdOf } from './content-kind';
import { isMarked, listMarksOf, setMark } from './marks-service';

const UserParamSchema = z.object({ id: IdSchema });
const shortsOnly = () => {
  throw badRequest(MESSAGES.engagement.bookmarksShortsOnly);
};

/** Bookmarks, shorts only (content §4, §7), mounted under `/users`. */
export const bookmarksRoutes = new Hono<AppEnv>()
  .post('/bookmarks/shorts', signedIn, validate('json', ShortMarkBodySchema), registered, async (c) => {
    const { userId, shortId } = c.req.valid('json');
    const target = { table: 'bookmarks', kind: 'shorts', userId, videoId: shortId } as const;
    const total = await setMark(c.env.DB, c.var.user, target, true);
    return c.json({ data: { isBookmarked: true, bookmarkCount: total } satisfies BookmarkState });
  })
  .delete('/bookmarks/shorts', signedIn, validate('json', ShortMarkBodySchema), registered, async (c) => {
    const { userId, shortId } = c.req.valid('json');
    const target = { table: 'bookmarks', kind: 'shorts', userId, videoId: shortId } as const;
    const total = await setMark(c.env.DB, c.var.user, target, false);
    return c.json({ data: { isBookmarked: false, bookmarkCount: total } satisfies BookmarkState });
  })
  .get('/bookmarks/shorts/check', validate('query', ShortMarkQuerySchema), async (c) => {
    const { userId, shortId } = c.req.valid('query');
    const query = { userId, videoId: shortId, viewerId: await viewerIdOf(c) };
    const isBookmarked = await isMarked(c.env.DB, 'bookmarks', 'shorts', query);
    return c.json({ data: { isBookmarked } });
  })
  .get(
    '/:id/bookmarks/shorts',
    validate('param', UserParamSchema),
    validate('query', pageQuerySchema()),
    async (c) => {
      const query = { userId: c.req.valid('param').id, viewerId: await viewerIdOf(c) };
      return c.json({
        data: await listMarksOf(c.env.DB, 'bookmarks', 'shorts', query, c.req.valid('query')),
      });
    },
  )
  // The client's generic engagement call can name videos; answer with the spec's message.
  .on(['POST', 'DELETE'], '/bookmarks/videos', signedIn, shortsOnly)
  .get('/bookmarks/videos/check', shortsOnly)
  .get('/:id/bookmarks/videos', shortsOnly);

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import {
  ContentKindSchema,
  type LikeState,
  ShortMarkBodySchema,
  ShortMarkQuerySchema,
  VideoMarkBodySchema,
  VideoMarkQuerySchema,
} from '../../../schema/engagement';
import type { AppEnv } from '../../lib/app-env';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { viewerIdOf } from './content-kind';
import { isMarked, listMarksOf, setMark } from './marks-service';

const ListParamSchema = z.object({ id: IdSchema, kind: ContentKindSchema });

/** Likes on videos and shorts (content §7), mounted under `/users`. */
export const likesRoutes = new Hono<AppEnv>()
  .post('/likes/videos', signedIn, validate('json', VideoMarkBodySchema), registered, async (c) => {
    const body = c.req.valid('json');
    const total = await setMark(c.env.DB, c.var.user, { table: 'likes', kind: 'videos', ...body }, true);
    return c.json({ data: { isLiked: true, likeCount: total } satisfies LikeState });
  })
  .delete('/likes/videos', signedIn, validate('json', VideoMarkBodySchema), registered, async (c) => {
    const body = c.req.valid('json');
    const total = await setMark(c.env.DB, c.var.user, { table: 'likes', kind: 'videos', ...body }, false);
    return c.json({ data: { isLiked: false, likeCount: total } satisfies LikeState });
  })
  .post('/likes/shorts', signedIn, validate('json', ShortMarkBodySchema), registered, async (c) => {
    const { userId, shortId } = c.req.valid('json');
    const target = { table: 'likes', kind: 'shorts', userId, videoId: shortId } as const;
    const total = await setMark(c.env.DB, c.var.user, target, true);
    return c.json({ data: { isLiked: true, likeCount: total } satisfies LikeState });
  })
  .delete('/likes/shorts', signedIn, validate('json', ShortMarkBodySchema), registered, async (c) => {
    const { userId, shortId } = c.req.valid('json');
    const target = { table: 'likes', kind: 'shorts', userId, videoId: shortId } as const;
    const total = await setMark(c.env.DB, c.var.user, target, false);
    return c.json({ data: { isLiked: false, likeCount: total } satisfies LikeState });
  })
  .get('/likes/videos/check', validate('query', VideoMarkQuerySchema), async (c) => {
    const query = { ...c.req.valid('query'), viewerId: await viewerIdOf(c) };
    const isLiked = await isMarked(c.env.DB, 'likes', 'videos', query);
    return c.json({ data: { isLiked } });
  })
  .get('/likes/shorts/check', validate('query', ShortMarkQuerySchema), async (c) => {
    const { userId, shortId } = c.req.valid('query');
    const query = { userId, videoId: shortId, viewerId: await viewerIdOf(c) };
    const isLiked = await isMarked(c.env.DB, 'likes', 'shorts', query);
    return c.json({ data: { isLiked } });
  })
  .get(
    '/:id/likes/:kind{videos|shorts}',
    validate('param', ListParamSchema),
    validate('query', pageQuerySchema()),
    async (c) => {
      const { id, kind } = c.req.valid('param');
      const query = { userId: id, viewerId: await viewerIdOf(c) };
      return c.json({ data: await listMarksOf(c.env.DB, 'likes', kind, query, c.req.valid('query')) });
    },
  );

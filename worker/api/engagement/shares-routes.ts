import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { ContentKindSchema, CreateShareBodySchema } from '../../../schema/engagement';
import type { AppEnv } from '../../lib/app-env';
import { idempotent } from '../../lib/idempotency';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { viewerIdOf } from './content-kind';
import { listShares, listUserShares, shareContent, shareStats } from './shares-service';

const ContentParamSchema = z.object({ kind: ContentKindSchema, videoId: IdSchema });
/** The spec's client asks `/shares/user/{id}/short` (singular); both spellings answer. */
const UserParamSchema = z.object({
  id: IdSchema,
  kind: z.pipe(
    z.enum(['videos', 'shorts', 'short']),
    z.transform((kind) => (kind === 'short' ? 'shorts' : kind)),
  ),
});
const CONTENT = '/:kind{videos|shorts}/:videoId';

/** Shares of videos and shorts (content §7), mounted under `/shares`. */
export const sharesRoutes = new Hono<AppEnv>()
  .get(
    '/user/:id/:kind{videos|shorts|short}',
    validate('param', UserParamSchema),
    validate('query', pageQuerySchema()),
    async (c) => {
      const { id, kind } = c.req.valid('param');
      const query = { userId: id, kind, viewerId: await viewerIdOf(c) };
      return c.json({ data: await listUserShares(c.env.DB, query, c.req.valid('query')) });
    },
  )
  .post(
    CONTENT,
    signedIn,
    validate('param', ContentParamSchema),
    validate('json', CreateShareBodySchema),
    idempotent('shares.create'),
    registered,
    async (c) => {
      const created = await shareContent(
        c.env.DB,
        c.var.user,
        c.req.valid('param'),
        c.req.valid('json'),
        c.var.idempotencyKey ?? null,
      );
      return c.json({ data: created }, 201);
    },
  )
  .get(CONTENT, validate('param', ContentParamSchema), validate('query', pageQuerySchema()), async (c) => {
    const target = { ...c.req.valid('param'), viewerId: await viewerIdOf(c) };
    return c.json({ data: await listShares(c.env.DB, target, c.req.valid('query')) });
  })
  .get(`${CONTENT}/stats`, validate('param', ContentParamSchema), async (c) => {
    const target = { ...c.req.valid('param'), viewerId: await viewerIdOf(c) };
    return c.json({ data: await shareStats(c.env.DB, target) });
  });

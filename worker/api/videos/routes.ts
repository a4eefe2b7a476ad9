import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { LIMITS } from '../../../schema/constants';
import type { ShortsPage, Video, VideoType } from '../../../schema/content';
import { UpdateVideoBodySchema } from '../../../schema/video-edit';
import { AroundQuerySchema, DeleteContentBodySchema } from '../../../schema/views';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { assertSelf, registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { OWNER_ONLY_CACHE_CONTROL } from '../../media/cache-policy';
import { serveR2Object } from '../../media/serve-object';
import { captionsRoutes } from './captions-routes';
import { updateOwnVideo } from './edit-service';
import { listByUser, listLatest, listLatestWithTotal, userExists } from './queries';
import { deleteOwnVideo, getVisibleStoredVideo, getVisibleVideo, listShortsAround } from './service';
import { callerIdOf } from './visibility';

/** `GET /videos/shorts` answers the whole feed for /s/{id}; this bounds the answer. */
export const ALL_SHORTS_CAP = 500;

/**
 * A single-segment id that is none of the sibling paths: `/videos/upload/file` and
 * `/videos/uploads/*` belong to the uploads sub-app mounted on the same prefix.
 */
const ID = '{(?!(?:shorts|user|proxy|upload|uploads)$)[^/]+}';

const IdParamSchema = z.object({ id: IdSchema });
const UserParamSchema = z.object({ userId: IdSchema });
const userPageQuery = pageQuerySchema(LIMITS.listMax);

/** One item; a private one (its owner asking) is marked so no cache keeps it (see media/cache-policy.ts). */
const answerItem = (c: Context<AppEnv>, video: Video) => {
  if (!video.isPublic) c.header('Cache-Control', OWNER_ONLY_CACHE_CONTROL);
  return c.json({ data: video });
};

const byUser = (type: VideoType) =>
  new Hono<AppEnv>().get(
    '/:userId',
    validate('param', UserParamSchema),
    validate('query', userPageQuery),
    async (c) => {
      const { userId } = c.req.valid('param');
      if (!(await userExists(c.env.DB, userId))) throw notFound('User not found');
      const isOwner = (await callerIdOf(c)) === userId;
      return c.json({ data: await listByUser(c.env.DB, userId, type, isOwner, c.req.valid('query')) });
    },
  );

const deleteOwn = (type: VideoType) =>
  new Hono<AppEnv>().delete(
    `/:id${ID}`,
    signedIn,
    validate('param', IdParamSchema),
    validate('json', DeleteContentBodySchema),
    registered,
    async (c) => {
      const caller = c.var.user;
      assertSelf(caller, c.req.valid('json').userId);
      await deleteOwnVideo(c.env, caller, c.req.valid('param').id, type);
      return c.json({ data: true });
    },
  );

export const videosRoutes = new Hono<AppEnv>()
  .get('/', validate('query', pageQuerySchema(LIMITS.allVideosDefault)), async (c) => {
    return c.json({ data: await listLatest(c.env.DB, 'video', c.req.valid('query')) });
  })
  .get('/shorts', async (c) => {
    return c.json({ data: await listLatest(c.env.DB, 'short', { limit: ALL_SHORTS_CAP, offset: 0 }) });
  })
  .get('/shorts/paginated', validate('query', pageQuerySchema(LIMITS.shortsPageSize)), async (c) => {
    const page = c.req.valid('query');
    const { items, total } = await listLatestWithTotal(c.env.DB, 'short', page);
    const data: ShortsPage = { items, total, ...page, hasMore: page.offset + items.length < total };
    return c.json({ data });
  })
  .get(
    '/shorts/around/:id',
    validate('param', IdParamSchema),
    validate('query', AroundQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ data: await listShortsAround(c.env.DB, id, c.req.valid('query').limit) });
    },
  )
  .route('/shorts/user', byUser('short'))
  .route('/user', byUser('video'))
  .get('/shorts/:id', validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    return answerItem(c, await getVisibleVideo(c.env.DB, id, 'short', await callerIdOf(c)));
  })
  .get('/proxy/:id', validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const video = await getVisibleStoredVideo(c.env.DB, id, await callerIdOf(c));
    return serveR2Object(c.env.MEDIA, video.mediaKey, c.req.raw, { ownerOnly: !video.isPublic });
  })
  .get(`/:id${ID}`, validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    return answerItem(c, await getVisibleVideo(c.env.DB, id, 'video', await callerIdOf(c)));
  })
  .patch(
    `/:id${ID}`,
    signedIn,
    registered,
    validate('param', IdParamSchema),
    validate('json', UpdateVideoBodySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ data: await updateOwnVideo(c.env, c.var.user, id, c.req.valid('json')) });
    },
  )
  .route('/shorts', deleteOwn('short'))
  .route('/', deleteOwn('video'))
  .route('/', captionsRoutes);

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import {
  CreateSessionBodySchema,
  LIVE_TEXT,
  SessionStatsBodySchema,
  SessionStatusReportSchema,
  UpdateSessionBodySchema,
  ViewerCountBodySchema,
} from '../../../schema/live';
import { configFor } from '../../config/config';
import type { AppEnv } from '../../lib/app-env';
import { conflict, notFound } from '../../lib/errors';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { liveClock } from '../../live/clock';
import { replayChat } from '../../live/replay-chat';
import { deleteOwnedReplay, userReplays, viewReplay } from '../../live/replays';
import { streamStatus } from '../../live/status';
import { getStreamKeyByPublicRef, getStreamKeyBySecret } from '../stream-keys/queries';
import { callerIdOf } from '../videos/visibility';
import { sessionDashboard } from './dashboard';
import {
  getCurrentSession,
  getSessionWithOwner,
  listActiveSessions,
  listSessions,
  lowerSessionViewerCount,
  setSessionStats,
  updateSessionText,
} from './queries';
import {
  prepareSession,
  requireOwnedSession,
  sessionStats,
  startOwnedSession,
  stopOwnedSession,
} from './service';

const IdParamSchema = z.object({ id: IdSchema });
const UserParamSchema = z.object({ userId: IdSchema });
const ListQuerySchema = z.extend(pageQuerySchema(), { streamKeyId: z.optional(IdSchema) });
const StatusQuerySchema = z.object({ key: z.string().check(z.minLength(1), z.maxLength(256)) });

const publicSession = async (db: D1Database, id: string) => {
  const found = await getSessionWithOwner(db, id);
  if (!found) throw notFound(LIVE_TEXT.sessionNotFound);
  return found.session;
};

/**
 * The spec's session calls (live §7, states §4). Reads are public (a session holds no secret);
 * every write is the stream key owner's. Literal paths come before `/:id`.
 */
export const sessionsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListQuerySchema), async (c) => {
    const { streamKeyId, ...page } = c.req.valid('query');
    return c.json({ data: await listSessions(c.env.DB, page, streamKeyId ?? null) });
  })
  // Livepeer's and Cloudflare's media never pass through our ingest: there the stored lifecycle says who is on air.
  .get('/active', async (c) => {
    const evidence = configFor(c.env).STREAM_PROVIDER === 'local' ? 'media' : 'lifecycle';
    return c.json({ data: await listActiveSessions(c.env.DB, liveClock.now(), evidence) });
  })
  // `key` is the owner's secret key or the stream's public id; a secret someone else owns is a miss.
  .get('/status', validate('query', StatusQuerySchema), async (c) => {
    const { key } = c.req.valid('query');
    const bySecret = await getStreamKeyBySecret(c.env.DB, key);
    const stream = bySecret
      ? bySecret.userId === (await callerIdOf(c))
        ? bySecret
        : null
      : await getStreamKeyByPublicRef(c.env.DB, key);
    // Asked by the public id from here on, so nothing downstream can echo the secret.
    const status = stream ? await streamStatus(c.env, stream.id) : null;
    if (!status) throw notFound(LIVE_TEXT.keyNotFound);
    return c.json({ data: SessionStatusReportSchema.parse(status) });
  })
  // Past broadcasts (issue 13.7): a deactivated key's are listed to their owner only.
  .get('/replays/user/:userId', validate('param', UserParamSchema), async (c) => {
    const { userId } = c.req.valid('param');
    return c.json({ data: await userReplays(c.env.DB, userId, await callerIdOf(c)) });
  })
  .get('/replays/:id', validate('param', IdParamSchema), async (c) =>
    c.json({ data: await viewReplay(c.env.DB, c.req.valid('param').id, await callerIdOf(c)) }),
  )
  // Its chat and tips, in step with the video (issue 24 §4): readable by whoever may watch it.
  .get('/replays/:id/chat', validate('param', IdParamSchema), async (c) =>
    c.json({ data: await replayChat(c.env.DB, c.req.valid('param').id, await callerIdOf(c)) }),
  )
  .delete('/replays/:id', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const { id } = c.req.valid('param');
    await deleteOwnedReplay(c.env, caller.id, id);
    return c.json({ data: { id, deleted: true } });
  })
  .get('/live/:id', validate('param', IdParamSchema), async (c) => {
    const current = await getCurrentSession(c.env.DB, c.req.valid('param').id);
    if (!current) throw notFound(LIVE_TEXT.noLiveSession);
    return c.json({ data: current });
  })
  // The owner's studio numbers while live (issue 24.3): never cached, never public.
  .get('/:id/dashboard', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const session = await requireOwnedSession(c.env.DB, c.req.valid('param').id, caller);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: await sessionDashboard(c.env.DB, session, configFor(c.env).STREAM_PROVIDER) });
  })
  .get('/:id/stats', validate('param', IdParamSchema), async (c) => {
    const session = await publicSession(c.env.DB, c.req.valid('param').id);
    return c.json({ data: await sessionStats(c.env.DB, session) });
  })
  .get('/:id', validate('param', IdParamSchema), async (c) =>
    c.json({ data: await publicSession(c.env.DB, c.req.valid('param').id) }),
  )
  .post('/', signedIn, validate('json', CreateSessionBodySchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: await prepareSession(c.env.DB, caller, c.req.valid('json')) }, 201);
  })
  .post('/:id/start', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: await startOwnedSession(c.env.DB, caller, c.req.valid('param').id) });
  })
  .post('/:id/stop', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: await stopOwnedSession(c.env, caller, c.req.valid('param').id) });
  })
  .put(
    '/:id/viewer-count',
    signedIn,
    validate('param', IdParamSchema),
    validate('json', ViewerCountBodySchema),
    registered,
    async (c) => {
      const caller = c.var.user;
      const session = await requireOwnedSession(c.env.DB, c.req.valid('param').id, caller);
      const { viewerCount } = c.req.valid('json');
      if (!(await lowerSessionViewerCount(c.env.DB, session.id, viewerCount)))
        throw conflict(LIVE_TEXT.viewerCountCounted);
      return c.json({ data: { ...session, viewerCount } });
    },
  )
  .put(
    '/:id/stats',
    signedIn,
    validate('param', IdParamSchema),
    validate('json', SessionStatsBodySchema),
    registered,
    async (c) => {
      const caller = c.var.user;
      const session = await requireOwnedSession(c.env.DB, c.req.valid('param').id, caller);
      const stats = c.req.valid('json');
      await setSessionStats(c.env.DB, session.id, stats);
      return c.json({ data: { ...session, stats } });
    },
  )
  .put(
    '/:id',
    signedIn,
    validate('param', IdParamSchema),
    validate('json', UpdateSessionBodySchema),
    registered,
    async (c) => {
      const caller = c.var.user;
      const session = await requireOwnedSession(c.env.DB, c.req.valid('param').id, caller);
      const text = c.req.valid('json');
      await updateSessionText(c.env.DB, session.id, text);
      const title = text.title ?? session.title;
      const description = text.description ?? session.description;
      return c.json({ data: { ...session, title, description } });
    },
  );

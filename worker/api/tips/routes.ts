import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema } from '../../../schema/common';
import { COIN_UNIT, LIMITS } from '../../../schema/constants';
import { CreateTipSchema, TipStatusSchema } from '../../../schema/money';
import type { AppEnv } from '../../lib/app-env';
import { idempotent } from '../../lib/idempotency';
import { byUser, rateLimit } from '../../lib/rate-limit';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { getTipStats, listTips, publicTip, type TipListFilter } from './queries';
import { changeTipStatus, confirmTip, createTip, readTip, removeTip, setTipHash } from './service';

const CONTENT_LIST_DEFAULT = 50;

const IdParamSchema = z.object({ id: IdSchema });
const LimitQuerySchema = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(LIMITS.listMax))),
});

const listRoute = (by: 'stream' | 'video' | 'short') =>
  new Hono<AppEnv>().get(
    '/',
    validate('param', IdParamSchema),
    validate('query', LimitQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const tips = await listTips(c.env.DB, { by, id }, c.req.valid('query').limit ?? CONTENT_LIST_DEFAULT);
      return c.json({ data: tips.map(publicTip) });
    },
  );

const mine = (by: 'tipper' | 'receiver') =>
  new Hono<AppEnv>().get('/', signedIn, validate('query', LimitQuerySchema), registered, async (c) => {
    const caller = c.var.user;
    const filter: TipListFilter = { by, id: caller.id };
    const tips = await listTips(c.env.DB, filter, c.req.valid('query').limit ?? LIMITS.listDefault);
    return c.json({ data: tips.map(publicTip) });
  });

/** The spec's tips calls (accounts §7). Content lists and recent show confirmed tips only. */
export const tipsRoutes = new Hono<AppEnv>()
  .post(
    '/',
    signedIn,
    rateLimit('TIP_LIMITER', byUser),
    validate('json', CreateTipSchema),
    idempotent('tips.create'),
    registered,
    async (c) => {
      const caller = c.var.user;
      const tip = await createTip(c.env.DB, caller, c.req.valid('json'), c.var.idempotencyKey ?? null);
      return c.json({ data: publicTip(tip) }, 201);
    },
  )
  .route('/sent/me', mine('tipper'))
  .route('/received/me', mine('receiver'))
  .get('/stats/me', signedIn, registered, async (c) => {
    const caller = c.var.user;
    const row = await getTipStats(c.env.DB, caller.id);
    return c.json({
      data: {
        totalSent: (row?.sent ?? 0) / COIN_UNIT,
        totalReceived: (row?.received ?? 0) / COIN_UNIT,
        sentCount: row?.sent_count ?? 0,
        receivedCount: row?.received_count ?? 0,
      },
    });
  })
  .get('/recent', validate('query', LimitQuerySchema), async (c) => {
    const tips = await listTips(c.env.DB, { by: 'recent' }, c.req.valid('query').limit ?? LIMITS.listDefault);
    return c.json({ data: tips.map(publicTip) });
  })
  .route('/stream/:id', listRoute('stream'))
  .route('/video/:id', listRoute('video'))
  .route('/short/:id', listRoute('short'))
  .get('/:id', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: publicTip(await readTip(c.env.DB, caller, c.req.valid('param').id)) });
  })
  .post('/:id/confirm', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const transactionHash = await confirmTip(c.env, caller, c.req.valid('param').id);
    return c.json({ success: true as const, transactionHash, data: { transactionHash } });
  })
  .patch(
    '/:id/status',
    signedIn,
    validate('param', IdParamSchema),
    validate('json', z.object({ status: TipStatusSchema })),
    registered,
    async (c) => {
      const caller = c.var.user;
      const tip = await changeTipStatus(
        c.env.DB,
        caller,
        c.req.valid('param').id,
        c.req.valid('json').status,
      );
      return c.json({ data: publicTip(tip) });
    },
  )
  .patch(
    '/:id/txhash',
    signedIn,
    validate('param', IdParamSchema),
    validate('json', z.object({ txHash: z.string().check(z.minLength(1), z.maxLength(128)) })),
    registered,
    async (c) => {
      const caller = c.var.user;
      const tip = await setTipHash(c.env.DB, caller, c.req.valid('param').id, c.req.valid('json').txHash);
      return c.json({ data: publicTip(tip) });
    },
  )
  .delete('/:id', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    await removeTip(c.env.DB, caller, c.req.valid('param').id);
    return c.json({ data: { deleted: true } });
  });

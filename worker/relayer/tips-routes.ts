import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CanonicalAddressSchema } from '../../schema/common';
import { COIN_UNIT, LIMITS } from '../../schema/constants';
import { RelayerTipSendSchema } from '../../schema/money';
import type { SessionUser } from '../../schema/user';
import { getTipStats, listTips, publicTip } from '../api/tips/queries';
import type { AppEnv } from '../lib/app-env';
import { forbidden } from '../lib/errors';
import { idempotent } from '../lib/idempotency';
import { byUser, rateLimit } from '../lib/rate-limit';
import { registered, signedIn } from '../lib/session';
import { validate } from '../lib/validate';
import { sendTip } from './tips-send';

const AddressParamSchema = z.object({ addr: CanonicalAddressSchema });
const LimitQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.listMax)), LIMITS.listDefault),
});

/** The relayer acts and reads only for the signed-in owner of the address (DESIGN.md §11.3). */
const ownerOf = (caller: SessionUser, addr: string) => {
  if (addr !== caller.aptosAddress) throw forbidden('You can only read your own tips');
  return caller;
};

const list = (by: 'history' | 'sent' | 'received') =>
  new Hono<AppEnv>().get(
    '/',
    validate('param', AddressParamSchema),
    validate('query', LimitQuerySchema),
    registered,
    async (c) => {
      const user = ownerOf(c.var.user, c.req.valid('param').addr);
      const tips = await listTips(c.env.DB, { by, id: user.id }, c.req.valid('query').limit);
      return c.json({ data: tips.map(publicTip) });
    },
  );

const statsOf = async (db: D1Database, user: SessionUser) => {
  const row = await getTipStats(db, user.id);
  return {
    totalSent: (row?.sent ?? 0) / COIN_UNIT,
    totalReceived: (row?.received ?? 0) / COIN_UNIT,
    sentCount: row?.sent_count ?? 0,
    receivedCount: row?.received_count ?? 0,
  };
};

/**
 * The relayer's tip calls (accounts §7). Lists and totals count confirmed tips (REEL that moved),
 * newest first; `send` moves a tip's REEL exactly once (see `sendTip`).
 */
export const relayerTipsRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .post(
    '/send',
    rateLimit('TIP_LIMITER', byUser),
    validate('json', RelayerTipSendSchema),
    idempotent('tips.send'),
    registered,
    async (c) => {
      const caller = c.var.user;
      const sent = await sendTip(c.env, caller, c.req.valid('json'), c.var.idempotencyKey ?? null);
      return c.json({ success: true as const, transactionHash: sent.transactionHash, data: sent });
    },
  )
  .route('/history/:addr', list('history'))
  .route('/received/:addr', list('received'))
  .route('/sent/:addr', list('sent'))
  .get('/total-received/:addr', validate('param', AddressParamSchema), registered, async (c) => {
    const stats = await statsOf(c.env.DB, ownerOf(c.var.user, c.req.valid('param').addr));
    return c.json({ data: { total: stats.totalReceived, count: stats.receivedCount } });
  })
  .get('/total-sent/:addr', validate('param', AddressParamSchema), registered, async (c) => {
    const stats = await statsOf(c.env.DB, ownerOf(c.var.user, c.req.valid('param').addr));
    return c.json({ data: { total: stats.totalSent, count: stats.sentCount } });
  })
  .get('/stats/:addr', validate('param', AddressParamSchema), registered, async (c) => {
    return c.json({
      data: await statsOf(c.env.DB, ownerOf(c.var.user, c.req.valid('param').addr)),
    });
  });

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { COIN_UNIT } from '../../../schema/constants';
import { ChainHashSchema, CreateTransactionSchema } from '../../../schema/money';
import type { AppEnv } from '../../lib/app-env';
import { assertSelf, registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { listUserHistory } from '../../money/history-queries';
import {
  getUserTransactionTotals,
  listUserTransactions,
  publicTransaction,
} from '../../money/transaction-queries';
import { confirmTransaction, confirmTransactionHash, readOwnTransaction, recordTransaction } from './service';

const IdParamSchema = z.object({ id: IdSchema });
const HashParamSchema = z.object({ hash: ChainHashSchema });

/**
 * The spec's transaction calls (accounts §7). A user's money history is private: every read is
 * the signed-in owner's only (403 for another user's list or stats, 404 for another user's record).
 */
export const transactionsRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .post('/', validate('json', CreateTransactionSchema), registered, async (c) => {
    const caller = c.var.user;
    const { tx, created } = await recordTransaction(c.env, caller, c.req.valid('json'));
    return c.json({ data: publicTransaction(tx) }, created ? 201 : 200);
  })
  .get(
    '/user/:id',
    validate('param', IdParamSchema),
    validate('query', pageQuerySchema()),
    registered,
    async (c) => {
      const caller = c.var.user;
      const { id } = c.req.valid('param');
      assertSelf(caller, id);
      const { limit, offset } = c.req.valid('query');
      const list = await listUserTransactions(c.env.DB, id, limit, offset);
      return c.json({ data: list.map(publicTransaction) });
    },
  )
  // The wallet's Transaction History: every movement of the owner's REEL, tips included.
  .get(
    '/user/:id/history',
    validate('param', IdParamSchema),
    validate('query', pageQuerySchema()),
    registered,
    async (c) => {
      const caller = c.var.user;
      const { id } = c.req.valid('param');
      assertSelf(caller, id);
      const { limit, offset } = c.req.valid('query');
      return c.json({ data: await listUserHistory(c.env.DB, id, limit, offset) });
    },
  )
  .get('/user/:id/stats', validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const { id } = c.req.valid('param');
    assertSelf(caller, id);
    const totals = await getUserTransactionTotals(c.env.DB, id);
    const of = (type: string) => totals.find((row) => row.type === type);
    return c.json({
      data: {
        totalDeposits: (of('deposit')?.amount ?? 0) / COIN_UNIT,
        depositCount: of('deposit')?.count ?? 0,
        totalWithdrawals: (of('withdraw')?.amount ?? 0) / COIN_UNIT,
        withdrawalCount: of('withdraw')?.count ?? 0,
        transactionCount: totals.reduce((sum, row) => sum + row.count, 0),
      },
    });
  })
  .get('/hash/:hash', validate('param', HashParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const tx = await readOwnTransaction(c.env.DB, caller, { hash: c.req.valid('param').hash });
    return c.json({ data: publicTransaction(tx) });
  })
  .get('/:id', validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const tx = await readOwnTransaction(c.env.DB, caller, { id: c.req.valid('param').id });
    return c.json({ data: publicTransaction(tx) });
  })
  .post('/:id/confirm', validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const tx = await confirmTransaction(c.env.DB, caller, c.req.valid('param').id);
    return c.json({ success: true as const, data: publicTransaction(tx) });
  })
  .patch(
    '/:id/hash',
    validate('param', IdParamSchema),
    validate('json', z.object({ txHash: ChainHashSchema })),
    registered,
    async (c) => {
      const caller = c.var.user;
      const { id } = c.req.valid('param');
      const tx = await confirmTransactionHash(c.env.DB, caller, id, c.req.valid('json').txHash);
      return c.json({ data: publicTransaction(tx) });
    },
  );

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { ChainHashSchema, DepositStatusSchema } from '../../../schema/money';
import type { AppEnv } from '../../lib/app-env';
import { requireOperator } from '../../lib/operators';
import { assertSelf, registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { getDepositTotals, listUserDeposits } from '../../money/deposit-queries';
import { readOwnDeposit } from './service';

const IdParamSchema = z.object({ id: IdSchema });
const HashParamSchema = z.object({ hash: ChainHashSchema });
const ListQuerySchema = z.extend(pageQuerySchema(), { status: z.optional(DepositStatusSchema) });

/**
 * The spec's deposit reads (accounts §7). Deposits are written only by a verified credit
 * (`creditDeposit`). Who may read what: a user's deposits only by that user (403 for another
 * user's list, 404 for another user's single deposit); the platform-wide totals (`/stats`) only by
 * an operator (docs/operators.md; 403 for anyone else); the list calls answer the caller's own rows
 * (`/`, `/pending/all`), never other people's.
 */
export const depositsRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get(
    '/user/:id',
    validate('param', IdParamSchema),
    validate('query', ListQuerySchema),
    registered,
    async (c) => {
      const caller = c.var.user;
      const { id } = c.req.valid('param');
      assertSelf(caller, id);
      const { limit, offset, status } = c.req.valid('query');
      return c.json({
        data: await listUserDeposits(c.env.DB, {
          userId: id,
          statuses: status ? [status] : null,
          limit,
          offset,
        }),
      });
    },
  )
  .get('/stats', registered, async (c) => {
    await requireOperator(
      c.env.DB,
      c.var.session.address,
      'Only operators may see platform-wide deposit totals',
    );
    const byStatus = await getDepositTotals(c.env.DB);
    const credited = byStatus.find((row) => row.status === 'credited');
    return c.json({
      data: {
        byStatus,
        totalDeposits: byStatus.reduce((sum, row) => sum + row.count, 0),
        totalCredited: credited?.amount ?? 0,
        totalApt: credited?.price ?? 0,
      },
    });
  })
  // The caller's deposits that are not credited: 'rejected' ones wait for an operator's refund
  // ('pending' ones would wait for the chain, but none is written: see DepositStatusSchema).
  .get('/pending/all', validate('query', pageQuerySchema()), registered, async (c) => {
    const caller = c.var.user;
    const { limit, offset } = c.req.valid('query');
    return c.json({
      data: await listUserDeposits(c.env.DB, {
        userId: caller.id,
        statuses: ['pending', 'rejected'],
        limit,
        offset,
      }),
    });
  })
  .get('/hash/:hash', validate('param', HashParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: await readOwnDeposit(c.env.DB, caller, { hash: c.req.valid('param').hash }) });
  })
  .get('/', validate('query', ListQuerySchema), registered, async (c) => {
    const caller = c.var.user;
    const { limit, offset, status } = c.req.valid('query');
    return c.json({
      data: await listUserDeposits(c.env.DB, {
        userId: caller.id,
        statuses: status ? [status] : null,
        limit,
        offset,
      }),
    });
  })
  .get('/:id', validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: await readOwnDeposit(c.env.DB, caller, { id: c.req.valid('param').id }) });
  });

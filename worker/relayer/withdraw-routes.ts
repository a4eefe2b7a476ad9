import { Hono } from 'hono';
import { WithdrawRequestSchema } from '../../schema/money';
import type { AppEnv } from '../lib/app-env';
import { idempotent } from '../lib/idempotency';
import { registered, signedIn } from '../lib/session';
import { validate } from '../lib/validate';
import { moneyFor } from '../money/ledger';
import { withdraw } from '../money/withdraw';

/**
 * `POST /relayer/api/withdraw` (accounts §7). Answers the withdrawal with its status: 'completed'
 * with the chain hash, or 'failed' with the spec's error text once the debit was reversed (both
 * 200: the request was handled; the status says how it ended, and a replay answers the same), or
 * 'pending' (202) while its outcome is unknown and settlement (worker/money/ledger-writer.ts) decides it.
 */
export const relayerWithdrawRoutes = new Hono<AppEnv>().post(
  '/',
  signedIn,
  validate('json', WithdrawRequestSchema),
  idempotent('withdraw'),
  registered,
  async (c) => {
    const caller = c.var.user;
    const withdrawal = await withdraw(
      moneyFor(c.env),
      caller,
      c.req.valid('json'),
      c.var.idempotencyKey ?? null,
    );
    return c.json(
      { success: withdrawal.status !== 'failed', data: withdrawal },
      withdrawal.status === 'pending' ? 202 : 200,
    );
  },
);

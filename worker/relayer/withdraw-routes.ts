import { Hono } from 'hono';
import * as z from 'zod/mini';
import { WithdrawRequestSchema } from '../../schema/money';
import type { AppEnv } from '../lib/app-env';
import { requireUser, signedIn } from '../lib/session';
import { validate } from '../lib/validate';
import { moneyFor } from './ledger/ledger';
import { withdraw } from './withdraw';

const IdempotencyKeySchema = z.object({ 'idempotency-key': z.optional(z.string().check(z.maxLength(128))) });

/**
 * `POST /relayer/api/withdraw` (accounts §7). Answers the withdrawal with its status: 'completed'
 * with the chain hash, or 'failed' with the spec's error text once the debit was reversed (both
 * 200: the request was handled; the status says how it ended, and a replay answers the same).
 */
export const relayerWithdrawRoutes = new Hono<AppEnv>().post(
  '/',
  signedIn,
  validate('header', IdempotencyKeySchema),
  validate('json', WithdrawRequestSchema),
  async (c) => {
    const caller = await requireUser(c);
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const withdrawal = await withdraw(moneyFor(c.env), caller, c.req.valid('json'), key);
    return c.json({ success: withdrawal.status !== 'failed', data: withdrawal });
  },
);

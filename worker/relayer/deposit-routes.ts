import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CanonicalAddressSchema } from '../../schema/common';
import { RelayerBalanceSchema } from '../../schema/money';
import type { AppEnv } from '../lib/app-env';
import { forbidden } from '../lib/errors';
import { registered, signedIn } from '../lib/session';
import { validate } from '../lib/validate';
import { creditDeposit } from '../money/deposit-credit';
import { moneyFor } from '../money/ledger';
import { getBalanceByAddress } from '../money/ledger-accounts';

const AddressParamSchema = z.object({ addr: CanonicalAddressSchema });

/**
 * `POST /relayer/api/users/{addr}/balance` (accounts §7, DESIGN.md §11.3): never sets a balance.
 * It credits the deposit whose chain hash it is given, once verified, for the signed-in owner of
 * the address only; after another call of the flow credited it, it answers success and moves nothing.
 */
export const relayerDepositRoutes = new Hono<AppEnv>().post(
  '/:addr/balance',
  signedIn,
  validate('param', AddressParamSchema),
  validate('json', RelayerBalanceSchema),
  registered,
  async (c) => {
    const caller = c.var.user;
    const { addr } = c.req.valid('param');
    if (addr !== caller.aptosAddress) throw forbidden('You can only act for your own address');
    const body = c.req.valid('json');
    const { deposit, credited } = await creditDeposit(moneyFor(c.env), caller, {
      txHash: body.txHash,
      referralCode: body.referralCode,
      expectedReel: body.amount,
    });
    return c.json({
      success: true as const,
      data: {
        address: addr,
        balance: (await getBalanceByAddress(c.env.DB, addr)) ?? 0,
        amount: deposit.amount,
        txHash: deposit.txHash,
        credited,
      },
    });
  },
);

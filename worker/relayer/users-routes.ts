import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CanonicalAddressSchema } from '../../schema/common';
import type { AppEnv } from '../lib/app-env';
import { forbidden, notFound } from '../lib/errors';
import { registered, signedIn } from '../lib/session';
import { getUserByAddress } from '../lib/user-queries';
import { validate } from '../lib/validate';
import { hasLedgerAccount, openLedgerAccount } from '../money/ledger-accounts';
import { recountFollows } from './users-queries';

/** The relayer receives the profile as `userData`; only its address matters here. */
const UserDataBodySchema = z.object({
  userData: z.object({ aptosAddress: z.optional(CanonicalAddressSchema) }),
});
const AddressParamSchema = z.object({ addr: CanonicalAddressSchema });
const FollowersBodySchema = z.object({ newFollowers: z.optional(z.number()) });
const FollowingBodySchema = z.object({ newFollowing: z.optional(z.number()) });

const assertOwnAddress = (callerAddress: string, claimed: string | undefined) => {
  if (claimed !== undefined && claimed !== callerAddress) {
    throw forbidden('You can only act for your own address');
  }
};

const userAt = async (db: D1Database, address: string) => {
  const user = await getUserByAddress(db, address);
  if (!user) throw notFound('User not found');
  return user;
};

/**
 * The spec's relayer user routes (accounts §7). They act only for the signed-in owner of the
 * address (DESIGN.md §11.3); follower totals are recounted from D1, never taken from the body.
 */
export const relayerUsersRoutes = new Hono<AppEnv>()
  .post('/register', signedIn, validate('json', UserDataBodySchema), registered, async (c) => {
    const caller = c.var.user;
    assertOwnAddress(caller.aptosAddress, c.req.valid('json').userData.aptosAddress);
    await openLedgerAccount(c.env.DB, caller.id, new Date());
    return c.json({ data: { registered: true, address: caller.aptosAddress, userId: caller.id } });
  })
  .post('/update-info', signedIn, validate('json', UserDataBodySchema), registered, async (c) => {
    const caller = c.var.user;
    assertOwnAddress(caller.aptosAddress, c.req.valid('json').userData.aptosAddress);
    return c.json({ data: { updated: true, user: caller } });
  })
  .get('/:addr', validate('param', AddressParamSchema), async (c) => {
    const user = await userAt(c.env.DB, c.req.valid('param').addr);
    return c.json({
      data: {
        address: user.aptosAddress,
        registered: await hasLedgerAccount(c.env.DB, user.id),
        balance: user.balance,
        followers: user.followers,
        following: user.following,
      },
    });
  })
  .post(
    '/:addr/update-followers',
    signedIn,
    validate('param', AddressParamSchema),
    validate('json', FollowersBodySchema),
    async (c) => {
      const user = await userAt(c.env.DB, c.req.valid('param').addr);
      return c.json({ data: { followers: await recountFollows(c.env.DB, user.id, 'followers') } });
    },
  )
  .post(
    '/:addr/update-following',
    signedIn,
    validate('param', AddressParamSchema),
    validate('json', FollowingBodySchema),
    async (c) => {
      const user = await userAt(c.env.DB, c.req.valid('param').addr);
      return c.json({ data: { following: await recountFollows(c.env.DB, user.id, 'following') } });
    },
  );

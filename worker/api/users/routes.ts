import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CanonicalAddressSchema } from '../../../schema/common';
import { LIMITS } from '../../../schema/constants';
import { CreateUserBodySchema, UpdateUserBodySchema } from '../../../schema/user-input';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { registered, signedIn } from '../../lib/session';
import { getUserByAddress, getUserByUsername } from '../../lib/user-queries';
import { validate } from '../../lib/validate';
import { getBalanceByAddress } from '../../money/ledger-accounts';
import { withoutEmail } from './present';
import { getProfileByUsername, listCategories, listTopUsers } from './queries';
import { registerUser, updateOwnProfile } from './service';

const TopQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.listMax)),
    LIMITS.topUsersDefault,
  ),
});
const AddressParamSchema = z.object({ addr: CanonicalAddressSchema });
const userNotFound = () => notFound('User not found');

export const usersRoutes = new Hono<AppEnv>()
  .get('/categories', async (c) => c.json({ data: await listCategories(c.env.DB) }))
  .get('/top', validate('query', TopQuerySchema), async (c) => {
    const { limit } = c.req.valid('query');
    return c.json({ data: await listTopUsers(c.env.DB, limit) });
  })
  // `x` is an address or a username: the wallet flow asks by address, the wizard by name.
  .get('/check/:x', async (c) => {
    const x = c.req.param('x');
    const address = CanonicalAddressSchema.safeParse(x);
    const user = address.success
      ? await getUserByAddress(c.env.DB, address.data)
      : await getUserByUsername(c.env.DB, x);
    return c.json({ data: { exists: user !== null, user: user && withoutEmail(user) } });
  })
  .get('/address/:addr', validate('param', AddressParamSchema), async (c) => {
    const user = await getUserByAddress(c.env.DB, c.req.valid('param').addr);
    if (!user) throw userNotFound();
    return c.json({ data: withoutEmail(user) });
  })
  .get('/address/:addr/balance', validate('param', AddressParamSchema), async (c) => {
    const balance = await getBalanceByAddress(c.env.DB, c.req.valid('param').addr);
    if (balance === null) throw userNotFound();
    return c.json({ data: { balance } });
  })
  .get('/username/:username', async (c) => {
    const profile = await getProfileByUsername(c.env.DB, c.req.param('username'));
    if (!profile) throw userNotFound();
    // Never the email, even to its owner: these public reads are cached by the service worker and
    // persisted on the device; the owner's email comes from /api/auth/me, which never is.
    return c.json({ data: withoutEmail(profile) });
  })
  .post('/', signedIn, validate('json', CreateUserBodySchema), async (c) => {
    const user = await registerUser(c.env.DB, c.var.session.address, c.req.valid('json'));
    return c.json({ data: user }, 201);
  })
  .put('/:id', signedIn, validate('json', UpdateUserBodySchema), registered, async (c) => {
    const caller = c.var.user;
    const user = await updateOwnProfile(c.env.DB, caller, c.req.param('id'), c.req.valid('json'));
    return c.json({ data: user });
  });

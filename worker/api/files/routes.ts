import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { forbidden } from '../../lib/errors';
import { byIp, byUser, rateLimit } from '../../lib/rate-limit';
import { currentSession, signedIn } from '../../lib/session';
import { MAX_IMAGE_BYTES, storeImage } from './service';
import { readFileField } from './upload-body';

const limitRegistered = rateLimit('IMAGE_LIMITER', byUser);
/**
 * A session without a profile gets only what registration needs (the wizard uploads the avatar and
 * banner before the profile exists), counted per IP because a new wallet costs nothing to make.
 */
const limitUnregistered = rateLimit(
  'SIGNUP_IMAGE_LIMITER',
  (c) => byIp(c) ?? byUser(c),
  () => forbidden('Complete registration first'),
);

/** Each caller held to the budget of what they are; mounted after `signedIn`, which looked them up. */
const imageAllowance: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await currentSession(c);
  return (session?.user ? limitRegistered : limitUnregistered)(c, next);
};

/** File uploads. `POST /image` (avatar, banner, poster frame), checked before the body is read. */
export const filesRoutes = new Hono<AppEnv>().post('/image', signedIn, imageAllowance, async (c) => {
  const file = await readFileField(c.req.raw, MAX_IMAGE_BYTES);
  return c.json({ data: await storeImage(c.env.MEDIA, file) }, 201);
});

import { Hono, type MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../../schema/messages';
import type { AppEnv } from '../../lib/app-env';
import { tooMany } from '../../lib/errors';
import { byIp, byUser, rateLimit } from '../../lib/rate-limit';
import { currentSession, signedIn } from '../../lib/session';
import { MAX_IMAGE_BYTES, storeImage } from './service';
import { readFileField } from './upload-body';

const limitRegistered = rateLimit('IMAGE_LIMITER', byUser);

/**
 * A session without a profile gets what registration needs (the wizard uploads the avatar and
 * banner before the profile exists), counted per session: behind a carrier or campus NAT thousands
 * of people share one address. Sessions cost nothing to make, so the address has a looser ceiling
 * over all of them. Either refusal is a 429 that says to wait: the person is mid-registration.
 */
const waitAMinute = () => tooMany(MESSAGES.imageUpload.tooMany);
const limitSignUpSession = rateLimit(
  'SIGNUP_IMAGE_LIMITER',
  async (c) => {
    const session = await currentSession(c);
    return session ? `session:${session.tokenHash}` : null;
  },
  waitAMinute,
);
const limitSignUpAddress = rateLimit('SIGNUP_IMAGE_IP_LIMITER', byIp, waitAMinute);
const limitUnregistered: MiddlewareHandler<AppEnv> = (c, next) =>
  limitSignUpSession(c, async () => {
    await limitSignUpAddress(c, next);
  });

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

import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { signedIn } from '../../lib/session';
import { MAX_IMAGE_BYTES, storeImage } from './service';
import { readFileField } from './upload-body';

/**
 * File uploads. `POST /image` (avatar, banner) is open to any signed-in caller, registered or not,
 * because the registration wizard uploads the avatar before the profile exists.
 */
export const filesRoutes = new Hono<AppEnv>().post('/image', signedIn, async (c) => {
  const file = await readFileField(c.req.raw, MAX_IMAGE_BYTES);
  return c.json({ data: await storeImage(c.env.MEDIA, file) }, 201);
});

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema } from '../../../schema/common';
import type { AppEnv } from '../../lib/app-env';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { deleteCaptions, putCaptions } from './captions-service';

const IdParamSchema = z.object({ id: IdSchema });

/**
 * `PUT /videos/{id}/captions` (the raw WebVTT file as the body, owner only) and
 * `DELETE /videos/{id}/captions`; both answer the video with its new `captionsUrl`.
 */
export const captionsRoutes = new Hono<AppEnv>()
  .put('/:id/captions', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: await putCaptions(c.env, caller, c.req.valid('param').id, c.req.raw) });
  })
  .delete('/:id/captions', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({ data: await deleteCaptions(c.env, caller, c.req.valid('param').id) });
  });

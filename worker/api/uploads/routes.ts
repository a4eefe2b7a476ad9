import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema } from '../../../schema/common';
import {
  CompleteUploadBodySchema,
  CreateUploadBodySchema,
  RecordPartBodySchema,
  SignPartsBodySchema,
} from '../../../schema/uploads';
import type { AppEnv } from '../../lib/app-env';
import { registered } from '../../lib/session';
import { validate } from '../../lib/validate';
import { recordPart, signPartUrls } from './direct-parts';
import { storeDirectUpload } from './direct-upload';
import { abortUpload, completeUpload, createUpload, getUploadSession } from './multipart-upload';

const UploadParamSchema = z.object({ id: IdSchema });
const PartParamSchema = z.object({
  id: IdSchema,
  partNumber: z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)),
});

/**
 * Video uploads, mounted under `/videos` (content §7, DESIGN.md §6): the spec's one-request
 * `POST /upload/file`, and resumable multipart uploads under `/uploads` (create, sign part URLs
 * whose bytes go straight to object storage, record part n's ETag, read progress, complete,
 * abort), each only for its owner. Uploading needs a profile: `registered` comes before validation
 * and before any body is read, so strangers learn nothing.
 */
export const uploadsRoutes = new Hono<AppEnv>()
  .post('/upload/file', registered, async (c) => {
    const video = await storeDirectUpload(c.env, c.req.raw, c.var.user);
    return c.json({ success: true as const, data: video }, 201);
  })
  .post('/uploads', registered, validate('json', CreateUploadBodySchema), async (c) => {
    const session = await createUpload(c.env, c.var.user, c.req.valid('json'));
    return c.json({ data: session }, 201);
  })
  .get('/uploads/:id', registered, validate('param', UploadParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ data: await getUploadSession(c.env.DB, c.var.user, id) });
  })
  .post(
    '/uploads/:id/parts/sign',
    registered,
    validate('param', UploadParamSchema),
    validate('json', SignPartsBodySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const origin = new URL(c.req.url).origin;
      const urls = await signPartUrls(c.env, c.var.user, id, c.req.valid('json'), origin);
      return c.json({ data: urls });
    },
  )
  .put(
    '/uploads/:id/parts/:partNumber',
    registered,
    validate('param', PartParamSchema),
    validate('json', RecordPartBodySchema),
    async (c) => {
      const { id, partNumber } = c.req.valid('param');
      const part = await recordPart(c.env, c.var.user, id, partNumber, c.req.valid('json'));
      return c.json({ data: part });
    },
  )
  .post(
    '/uploads/:id/complete',
    registered,
    validate('param', UploadParamSchema),
    validate('json', CompleteUploadBodySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { video, created } = await completeUpload(c.env, c.var.user, id, c.req.valid('json'));
      return c.json({ success: true as const, data: video }, created ? 201 : 200);
    },
  )
  .delete('/uploads/:id', registered, validate('param', UploadParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await abortUpload(c.env, c.var.user, id);
    return c.json({ data: true });
  });

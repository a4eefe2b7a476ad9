import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { readCappedBody } from '../lib/read-capped-body';
import { s3TargetFor, usesR2S3Api } from './target';
import { presignedRequestProblem } from './verify';

/** S3 part numbers run 1 to 10,000. */
const PART_NUMBER = /^(?:[1-9]\d{0,3}|10000)$/;

/** S3's largest part. */
const MAX_PART_BYTES = 5 * 1024 ** 3;

/**
 * The whole part or a 400, read before R2 is asked (as S3 does): a connection that drops mid-part
 * stores nothing, and the browser sends the part again.
 */
const readPart = async (request: Request, length: number): Promise<Uint8Array> => {
  const incomplete = () => badRequest('The part arrived incomplete: send it again');
  let bytes: Uint8Array;
  try {
    bytes = await readCappedBody(request, length, incomplete);
  } catch {
    throw incomplete();
  }
  if (bytes.byteLength !== length) throw incomplete();
  return bytes;
};

const decodedKey = (path: string, bucket: string): string | null => {
  const prefix = `/s3/${encodeURIComponent(bucket)}/`;
  if (!path.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(path.slice(prefix.length));
  } catch {
    return null;
  }
};

/**
 * `PUT /s3/<bucket>/<key>?partNumber=&uploadId=&X-Amz-…`: the local stand-in for R2's S3
 * `UploadPart`, so the browser sends parts to a presigned URL on every machine. It checks the
 * signature as S3 would (verify.ts; 403 when tampered or expired, nothing written) and writes
 * through the R2 binding. A 404 wherever part URLs go to R2 itself (R2_S3_ENDPOINT set).
 */
export const s3Routes = new Hono<AppEnv>().put('/*', async (c) => {
  if (usesR2S3Api(c.env)) throw notFound();
  const url = new URL(c.req.url);
  const target = s3TargetFor(c.env, url.origin);
  const problem = await presignedRequestProblem(c.req.raw, target, new Date());
  if (problem) throw forbidden(problem);

  const key = decodedKey(url.pathname, target.bucket);
  const partNumber = url.searchParams.get('partNumber') ?? '';
  const uploadId = url.searchParams.get('uploadId');
  if (!key || !uploadId || !PART_NUMBER.test(partNumber)) {
    throw badRequest('Only UploadPart (partNumber and uploadId) is served here');
  }
  const length = Number(c.req.header('Content-Length'));
  if (!Number.isSafeInteger(length) || length <= 0 || length > MAX_PART_BYTES) {
    throw badRequest('A part needs a Content-Length of 1 byte to 5 GiB');
  }
  const bytes = await readPart(c.req.raw, length);
  const part = await c.env.MEDIA.resumeMultipartUpload(key, uploadId)
    .uploadPart(Number(partNumber), bytes)
    .catch((error: unknown) => {
      // An unknown, aborted or completed upload; S3 answers 404 NoSuchUpload for it.
      console.warn('Local UploadPart failed', error);
      throw notFound('No such upload');
    });
  return c.body(null, 200, { ETag: `"${part.etag}"` });
});

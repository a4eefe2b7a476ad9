import type { PartUrls, RecordPartBody, SignPartsBody, UploadedPart } from '../../../schema/uploads';
import type { SessionUser } from '../../../schema/user';
import { badRequest } from '../../lib/errors';
import { PART_URL_TTL_SECONDS, presignPartUrl } from '../../s3/presign';
import { s3TargetFor } from '../../s3/target';
import { assertUploading, expectedPartSize, getOwnUpload } from './multipart-upload';
import { confirmUploadPart, type UploadRecord } from './upload-queries';

const assertPartNumber = (upload: UploadRecord, n: number) => {
  if (n > upload.partCount) throw badRequest(`partNumber: This upload has ${upload.partCount} parts`);
};

/**
 * `POST /videos/uploads/{id}/parts/sign`: presigned `UploadPart` URLs for the owner's parts, valid
 * 15 minutes (DESIGN.md §6). The bytes then go straight to object storage, never through the worker.
 */
export const signPartUrls = async (
  env: Env,
  caller: SessionUser,
  id: string,
  body: SignPartsBody,
  origin: string,
  now = new Date(),
): Promise<PartUrls> => {
  const upload = await getOwnUpload(env.DB, caller, id);
  assertUploading(upload);
  for (const n of body.partNumbers) assertPartNumber(upload, n);
  const target = s3TargetFor(env, origin);
  const parts = await Promise.all(
    [...new Set(body.partNumbers)].map(async (partNumber) => ({
      partNumber,
      url: await presignPartUrl(
        target,
        { key: upload.mediaKey, uploadId: upload.multipartUploadId, partNumber },
        now,
      ),
    })),
  );
  return { parts, expiresAt: new Date(now.getTime() + PART_URL_TTL_SECONDS * 1000).toISOString() };
};

/** S3 answers ETags quoted (`"abc"`); the binding's `complete` takes them bare. */
const bareEtag = (etag: string) => etag.trim().replace(/^(?:W\/)?"(.*)"$/, '$1');

/**
 * `PUT /videos/uploads/{id}/parts/{n}`: records the ETag object storage answered for part n, so a
 * reload resumes from the parts held and completion joins them. The ETag is the browser's word:
 * R2 refuses to complete with one it did not issue, and completion checks the result (multipart-upload.ts).
 */
export const recordPart = async (
  env: Env,
  caller: SessionUser,
  id: string,
  n: number,
  body: RecordPartBody,
): Promise<UploadedPart> => {
  const upload = await getOwnUpload(env.DB, caller, id);
  assertUploading(upload);
  assertPartNumber(upload, n);
  const part = { partNumber: n, etag: bareEtag(body.etag), size: expectedPartSize(upload, n) };
  await confirmUploadPart(env.DB, id, part, new Date().toISOString());
  return { partNumber: n, size: part.size };
};

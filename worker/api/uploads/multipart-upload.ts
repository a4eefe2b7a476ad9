import type { Video } from '../../../schema/content';
import {
  type CompleteUploadBody,
  type CreateUploadBody,
  detectVideoType,
  type UploadedPart,
  type UploadSession,
} from '../../../schema/uploads';
import type { User } from '../../../schema/user';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { readCappedBody } from '../../lib/read-capped-body';
import { assertSelf } from '../../lib/session';
import { maxUploadBytes, partSizeFor, tooLarge } from './limits';
import { insertVideoStatement, type NewVideo } from './queries';
import { assertDailyBytesAllowed, assertOpenUploadAllowed, uploadQuota } from './quota';
import { storedVideoKey } from './stored-name';
import {
  completeUploadStatements,
  confirmUploadPart,
  deleteUpload,
  getUpload,
  getUploadUsage,
  insertUploadWithinQuota,
  listUploadParts,
  type PartRecord,
  type UploadQuota,
  type UploadRecord,
} from './upload-queries';
import { invalidVideo, readUploadedVideo, storedPosterKey } from './video-answer';
import { declaredVideoFormat, sniffVideoFormat } from './video-format';

const conflict = (message: string) => new ApiError(409, 'conflict', message);

const toSession = (upload: UploadRecord, parts: PartRecord[]): UploadSession => ({
  id: upload.id,
  multipartUploadId: upload.multipartUploadId,
  status: upload.status,
  fileName: upload.fileName,
  size: upload.size,
  contentType: upload.contentType,
  partSize: upload.partSize,
  partCount: upload.partCount,
  parts: parts.map(({ partNumber, size }) => ({ partNumber, size })),
  videoId: upload.videoId,
  createdAt: upload.createdAt,
});

/** How long part `n` must be: the part size, except the last part, which holds the rest. */
export const expectedPartSize = (upload: Pick<UploadRecord, 'size' | 'partSize' | 'partCount'>, n: number) =>
  n < upload.partCount ? upload.partSize : upload.size - upload.partSize * (upload.partCount - 1);

/** The caller's own upload: 404 when there is none, 403 when it is someone else's. */
const getOwnUpload = async (db: D1Database, caller: User, id: string): Promise<UploadRecord> => {
  const upload = await getUpload(db, id);
  if (!upload) throw notFound('Upload not found');
  if (upload.userId !== caller.id) throw new ApiError(403, 'forbidden', 'This upload is not yours');
  return upload;
};

const multipartOf = (bucket: R2Bucket, upload: UploadRecord) =>
  bucket.resumeMultipartUpload(upload.mediaKey, upload.multipartUploadId);

/** 429 when the caller may not open `size` more bytes now (quota.ts). */
const assertQuotaAllows = async (db: D1Database, quota: UploadQuota, userId: string, size: number) => {
  const usage = await getUploadUsage(db, userId, quota.since);
  assertOpenUploadAllowed(quota, usage);
  assertDailyBytesAllowed(quota, usage, size);
};

/**
 * `POST /videos/uploads`: opens an R2 multipart upload for one file and answers how to send it. The
 * quota is checked before R2 is asked, and again by the insert itself, so racing creates never open
 * more than it allows: the loser's empty multipart upload is aborted.
 */
export const createUpload = async (
  env: Env,
  caller: User,
  body: CreateUploadBody,
): Promise<UploadSession> => {
  assertSelf(caller, body.userId);
  const max = maxUploadBytes(env);
  if (body.size > max) throw tooLarge(max);
  const format = declaredVideoFormat(body.fileName, body.contentType);
  if (!format) throw invalidVideo();
  const quota = uploadQuota(env, new Date());
  await assertQuotaAllows(env.DB, quota, caller.id, body.size);
  const thumbnailKey = body.thumbnail ? await storedPosterKey(env.MEDIA, body.thumbnail) : null;

  const mediaKey = storedVideoKey(format.ext);
  const partSize = partSizeFor(body.size);
  const multipart = await env.MEDIA.createMultipartUpload(mediaKey, {
    httpMetadata: { contentType: format.contentType },
  });
  const upload: UploadRecord = {
    id: newId(),
    userId: caller.id,
    status: 'uploading',
    mediaKey,
    multipartUploadId: multipart.uploadId,
    fileName: body.fileName,
    size: body.size,
    contentType: format.contentType,
    partSize,
    partCount: Math.ceil(body.size / partSize),
    sniffedType: null,
    title: body.title,
    description: body.description,
    isPublic: body.isPublic,
    duration: body.duration,
    width: body.width,
    height: body.height,
    thumbnailKey,
    videoId: null,
    createdAt: new Date().toISOString(),
  };
  if (!(await insertUploadWithinQuota(env.DB, upload, quota))) {
    // R2 drops an unfinished multipart upload after a week anyway; a failed abort only leaves it.
    await multipart.abort().catch((error: unknown) => console.warn('R2 multipart abort failed', error));
    await assertQuotaAllows(env.DB, quota, caller.id, body.size);
    throw new ApiError(429, 'quota_exceeded', 'Too many uploads at once. Please try again.');
  }
  return toSession(upload, []);
};

/** `GET /videos/uploads/{id}`: the upload and its confirmed parts, to resume from. */
export const getUploadSession = async (db: D1Database, caller: User, id: string): Promise<UploadSession> => {
  const upload = await getOwnUpload(db, caller, id);
  return toSession(upload, await listUploadParts(db, id));
};

/**
 * The part's bytes, all of them or a 400: a connection that drops mid-part, or a body shorter or
 * longer than the part must be, confirms nothing, and the client sends the part again.
 */
const readPart = async (request: Request, n: number, expected: number): Promise<Uint8Array> => {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) !== expected) {
    throw badRequest(`Part ${n} must be exactly ${expected} bytes`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readCappedBody(request, expected, () => tooLarge(expected));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(`Part ${n} arrived incomplete: send it again`);
  }
  if (bytes.byteLength !== expected) throw badRequest(`Part ${n} arrived incomplete: send it again`);
  return bytes;
};

/**
 * `PUT /videos/uploads/{id}/parts/{n}`: stores part n in R2 and records its entity tag. Part 1
 * must start like a video of the declared container (415 otherwise, and nothing is recorded).
 */
export const putUploadPart = async (
  env: Env,
  caller: User,
  id: string,
  n: number,
  request: Request,
): Promise<UploadedPart> => {
  const upload = await getOwnUpload(env.DB, caller, id);
  if (upload.status !== 'uploading') throw conflict('This upload is already complete');
  if (n > upload.partCount) throw badRequest(`partNumber: This upload has ${upload.partCount} parts`);
  const bytes = await readPart(request, n, expectedPartSize(upload, n));

  let sniffedType: string | null = null;
  if (n === 1) {
    const format = sniffVideoFormat(bytes.subarray(0, 64));
    const declared = declaredVideoFormat('', upload.contentType);
    if (!format || format.family !== declared?.family) throw invalidVideo();
    sniffedType = format.contentType;
  }
  const { etag } = await multipartOf(env.MEDIA, upload).uploadPart(n, bytes);
  await confirmUploadPart(
    env.DB,
    id,
    { partNumber: n, etag, size: bytes.byteLength },
    sniffedType,
    new Date().toISOString(),
  );
  return { partNumber: n, size: bytes.byteLength };
};

const missingParts = (upload: UploadRecord, parts: PartRecord[]): number[] => {
  const held = new Map(parts.map((part) => [part.partNumber, part.size]));
  return Array.from({ length: upload.partCount }, (_, i) => i + 1).filter(
    (n) => held.get(n) !== expectedPartSize(upload, n),
  );
};

const completedVideo = async (db: D1Database, upload: UploadRecord): Promise<Video> => {
  if (!upload.videoId) throw notFound('The uploaded video was deleted');
  return readUploadedVideo(db, upload.videoId);
};

/** Joins the parts in R2. A retry after a completion whose answer was lost finds the object whole. */
const assembleParts = async (bucket: R2Bucket, upload: UploadRecord, parts: PartRecord[]) => {
  try {
    await multipartOf(bucket, upload).complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
  } catch (error) {
    const head = await bucket.head(upload.mediaKey);
    if (head?.size !== upload.size) throw error;
  }
};

/**
 * `POST /videos/uploads/{id}/complete`: once every part is confirmed and part 1 proved a video,
 * joins the parts and inserts the video like the one-request upload. Completing again answers the
 * same video (`created: false`).
 */
export const completeUpload = async (
  env: Env,
  caller: User,
  id: string,
  body: CompleteUploadBody,
): Promise<{ video: Video; created: boolean }> => {
  const upload = await getOwnUpload(env.DB, caller, id);
  if (upload.status === 'completed') {
    return { video: await completedVideo(env.DB, upload), created: false };
  }
  const parts = await listUploadParts(env.DB, id);
  const missing = missingParts(upload, parts);
  if (missing.length > 0) throw conflict(`Parts still missing: ${missing.join(', ')}`);
  if (!upload.sniffedType) throw invalidVideo();

  const final: UploadRecord = {
    ...upload,
    title: body.title ?? upload.title,
    description: body.description ?? upload.description,
    isPublic: body.isPublic ?? upload.isPublic,
    thumbnailKey: body.thumbnail ? await storedPosterKey(env.MEDIA, body.thumbnail) : upload.thumbnailKey,
  };
  await assembleParts(env.MEDIA, upload, parts);

  const now = new Date().toISOString();
  const video: NewVideo = {
    id: newId(),
    type: detectVideoType(final),
    userId: caller.id,
    title: final.title,
    description: final.description,
    mediaKey: final.mediaKey,
    thumbnailKey: final.thumbnailKey,
    contentType: final.contentType,
    sizeBytes: final.size,
    duration: final.duration,
    width: final.width,
    height: final.height,
    isPublic: final.isPublic,
    createdAt: now,
  };
  const [inserted] = await env.DB.batch([
    insertVideoStatement(env.DB, video, id),
    ...completeUploadStatements(env.DB, final, video.id, now),
  ]);
  if (!inserted?.meta.changes) {
    // Another request completed this upload first: answer the video it made.
    const done = await getOwnUpload(env.DB, caller, id);
    return { video: await completedVideo(env.DB, done), created: false };
  }
  return { video: await readUploadedVideo(env.DB, video.id), created: true };
};

/** `DELETE /videos/uploads/{id}`: aborts the R2 multipart upload and forgets it. */
export const abortUpload = async (env: Env, caller: User, id: string): Promise<void> => {
  const upload = await getOwnUpload(env.DB, caller, id);
  if (upload.status === 'completed') throw conflict('This upload is already complete');
  try {
    await multipartOf(env.MEDIA, upload).abort();
  } catch (error) {
    // R2 drops unfinished multipart uploads on its own after a week; one that is gone needs nothing.
    console.warn('R2 multipart abort failed', upload.id, error);
  }
  await deleteUpload(env.DB, id);
};

import type { Video } from '../../../schema/content';
import {
  type CompleteUploadBody,
  type CreateUploadBody,
  detectVideoType,
  type UploadSession,
} from '../../../schema/uploads';
import type { SessionUser } from '../../../schema/user';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertSelf } from '../../lib/session';
import { maxUploadBytes, partSizeFor, tooLarge } from './limits';
import { insertPosterSizeStatements, posterSizesFromUrls, storePosterSizes } from './poster-sizes';
import { insertVideoStatement, type NewVideo } from './queries';
import { assertDailyBytesAllowed, assertOpenUploadAllowed, uploadQuota } from './quota';
import { storedVideoKey } from './stored-name';
import {
  completeUploadStatements,
  deleteUpload,
  deleteUploadParts,
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
export const getOwnUpload = async (
  db: D1Database,
  caller: SessionUser,
  id: string,
): Promise<UploadRecord> => {
  const upload = await getUpload(db, id);
  if (!upload) throw notFound('Upload not found');
  if (upload.userId !== caller.id) throw forbidden('This upload is not yours');
  return upload;
};

/** 409 unless the upload still takes parts. */
export const assertUploading = (upload: UploadRecord) => {
  if (upload.status !== 'uploading') throw conflict('This upload is already complete');
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
  caller: SessionUser,
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
    throw tooMany('Too many uploads at once. Please try again.', 'quota_exceeded');
  }
  return toSession(upload, []);
};

/** `GET /videos/uploads/{id}`: the upload and its confirmed parts, to resume from. */
export const getUploadSession = async (
  db: D1Database,
  caller: SessionUser,
  id: string,
): Promise<UploadSession> => {
  const upload = await getOwnUpload(db, caller, id);
  return toSession(upload, await listUploadParts(db, id));
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

/** Enough of a file's start for every signature `sniffVideoFormat` reads. */
const SNIFF_BYTES = 64;

/**
 * Joins the parts in R2. A retry after a completion whose answer was lost finds the object whole.
 * R2 refuses an ETag it did not issue for that part: then the recorded parts are forgotten and
 * the 409 sends the client back to resume, which sends every part again.
 */
const assembleParts = async (db: D1Database, bucket: R2Bucket, upload: UploadRecord, parts: PartRecord[]) => {
  try {
    await multipartOf(bucket, upload).complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
  } catch (error) {
    const head = await bucket.head(upload.mediaKey);
    if (head?.size === upload.size) return;
    console.warn('R2 multipart complete failed', upload.id, error);
    await deleteUploadParts(db, upload.id);
    throw conflict('Some parts did not reach storage: send them again');
  }
};

/**
 * The bytes went straight to storage (direct-parts.ts), so the joined object is judged here: its
 * size must be the declared one and its start a video of the declared container. A refused object
 * and its upload are deleted, so nothing of it stays.
 */
const assertAssembledVideo = async (env: Env, upload: UploadRecord) => {
  const start = await env.MEDIA.get(upload.mediaKey, { range: { offset: 0, length: SNIFF_BYTES } });
  const format = start ? sniffVideoFormat(new Uint8Array(await start.arrayBuffer())) : null;
  const declared = declaredVideoFormat('', upload.contentType);
  if (start?.size === upload.size && format && format.family === declared?.family) return;
  await env.MEDIA.delete(upload.mediaKey);
  await deleteUpload(env.DB, upload.id);
  throw start?.size === upload.size ? invalidVideo() : badRequest('The parts do not add up to the file');
};

/**
 * `POST /videos/uploads/{id}/complete`: once every part is recorded, joins the parts, checks the
 * result is the declared video, and inserts it like the one-request upload. Completing again answers the
 * same video (`created: false`).
 */
export const completeUpload = async (
  env: Env,
  caller: SessionUser,
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

  const final: UploadRecord = {
    ...upload,
    title: body.title ?? upload.title,
    description: body.description ?? upload.description,
    isPublic: body.isPublic ?? upload.isPublic,
    thumbnailKey: body.thumbnail ? await storedPosterKey(env.MEDIA, body.thumbnail) : upload.thumbnailKey,
  };
  // Checked before the parts are joined; already in R2 (uploaded as images), so nothing is written.
  const posterSizes = await storePosterSizes(
    env.MEDIA,
    await posterSizesFromUrls(env.MEDIA, body.posterSizes ?? []),
  );
  await assembleParts(env.DB, env.MEDIA, upload, parts);
  await assertAssembledVideo(env, upload);

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
    ...insertPosterSizeStatements(env.DB, video.id, posterSizes),
  ]);
  if (!inserted?.meta.changes) {
    // Another request completed this upload first: answer the video it made.
    const done = await getOwnUpload(env.DB, caller, id);
    return { video: await completedVideo(env.DB, done), created: false };
  }
  return { video: await readUploadedVideo(env.DB, video.id), created: true };
};

/** `DELETE /videos/uploads/{id}`: aborts the R2 multipart upload and forgets it (its bytes still count). */
export const abortUpload = async (env: Env, caller: SessionUser, id: string): Promise<void> => {
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

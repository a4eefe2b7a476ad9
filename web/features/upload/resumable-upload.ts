import * as z from 'zod/mini';
import { dataEnvelope } from '../../../schema/api';
import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { PosterSizeUrlSchema } from '../../../schema/posters';
import {
  PartUrlsSchema,
  PosterUrlSchema,
  UploadResultSchema,
  type UploadSession,
  UploadSessionSchema,
} from '../../../schema/uploads';
import {
  fileKey,
  findPendingUpload,
  markPartConfirmed,
  type PendingUpload,
  removePendingUpload,
  savePendingUpload,
} from '../../data/upload-store';
import { ApiRequestError, isApiError } from '../../lib/api';
import { confirmedBytes, partRange, partsToSend } from './part-plan';
import { PARALLEL_PARTS, runPool } from './part-pool';
import { posterSizeName } from './poster-sizes';
import { type RetryOptions, withRetry } from './retry';
import { isCancelled } from './upload-errors';
import type { UploadCallbacks, UploadInput } from './upload-input';
import type { VideoMetadata } from './video-metadata';
import { xhrPutPart, xhrRequest } from './xhr-request';

const uploadsPath = '/api/videos/uploads';

const readSession = (json: unknown): UploadSession => dataEnvelope(UploadSessionSchema).parse(json).data;

/** The upload this file already started, as the server knows it, or null when it must start over. */
async function resumeSession(
  userId: string,
  pending: PendingUpload,
  retry: RetryOptions,
): Promise<UploadSession | null> {
  try {
    const json = await withRetry(
      () => xhrRequest({ method: 'GET', url: `${uploadsPath}/${pending.uploadId}`, signal: retry.signal }),
      retry,
    );
    return readSession(json);
  } catch (error) {
    // Gone (aborted, expired) or not this account's: forget it and start a new one.
    if (isApiError(error, 'not_found') || isApiError(error, 'forbidden')) {
      await removePendingUpload(userId, pending.key);
      return null;
    }
    throw error;
  }
}

async function startSession(input: UploadInput, key: string, retry: RetryOptions): Promise<UploadSession> {
  const { file, metadata } = input;
  const json = await withRetry(
    () =>
      xhrRequest({
        method: 'POST',
        url: uploadsPath,
        json: {
          fileName: file.name,
          size: file.size,
          contentType: file.type,
          title: input.title,
          description: input.description,
          userId: input.userId,
          isPublic: input.isPublic,
          duration: metadata.duration,
          width: metadata.width,
          height: metadata.height,
        },
        signal: retry.signal,
      }),
    retry,
  );
  const session = readSession(json);
  await savePendingUpload(input.userId, {
    key,
    uploadId: session.id,
    fileName: file.name,
    size: file.size,
    lastModified: file.lastModified,
    partSize: session.partSize,
    partCount: session.partCount,
    confirmedParts: [],
    updatedAt: new Date().toISOString(),
  });
  return session;
}

const StoredPosterSchema = dataEnvelope(z.object({ url: PosterUrlSchema }));
const StoredPosterSizeSchema = dataEnvelope(z.object({ url: PosterSizeUrlSchema }));

/**
 * A picture uploaded as an image (`POST /api/files/image`), as its URL; undefined when it cannot be
 * stored: a video uploads without a poster (or one of its sizes) too.
 */
async function uploadPicture<T extends string>(
  picture: Blob,
  name: string,
  answer: z.ZodMiniType<{ data: { url: T } }>,
  retry: RetryOptions,
): Promise<T | undefined> {
  const form = new FormData();
  form.set('file', picture, name);
  try {
    const json = await withRetry(
      () => xhrRequest({ method: 'POST', url: '/api/files/image', body: form, signal: retry.signal }),
      retry,
    );
    return answer.parse(json).data.url;
  } catch (error) {
    if (isCancelled(error)) throw error;
    console.warn('Poster upload failed', error);
    return undefined;
  }
}

/** The poster and its card widths as URLs, for the completion. */
async function uploadPosters({ poster, posterSizes }: VideoMetadata, retry: RetryOptions) {
  const thumbnail = poster ? await uploadPicture(poster, 'poster.jpg', StoredPosterSchema, retry) : undefined;
  const sizes: string[] = [];
  for (const size of posterSizes) {
    const url = await uploadPicture(size.blob, posterSizeName(size), StoredPosterSizeSchema, retry);
    if (url) sizes.push(url);
  }
  return { thumbnail, posterSizes: sizes };
}

const PartUrlsEnvelope = dataEnvelope(PartUrlsSchema);

/**
 * Sends part n straight to object storage: a presigned URL from the worker (asked for each try,
 * so a retry never holds an expired one), the bytes PUT there, then the ETag storage answered
 * recorded with the worker, which makes the part count as held on a resume.
 */
async function sendPart(
  session: UploadSession,
  file: File,
  n: number,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<void> {
  const { start, end } = partRange(session, n);
  const signed = await xhrRequest({
    method: 'POST',
    url: `${uploadsPath}/${session.id}/parts/sign`,
    json: { partNumbers: [n] },
    signal,
  });
  const url = PartUrlsEnvelope.parse(signed).data.parts.find((part) => part.partNumber === n)?.url;
  // An answer without the part's URL is server trouble: worth another try, as a 500 is.
  if (!url) throw new ApiRequestError(500, null, `No URL for part ${n}`);
  onProgress(0);
  const etag = await xhrPutPart({
    url,
    body: file.slice(start, end),
    onProgress: (loaded) => onProgress(Math.min(loaded, end - start)),
    signal,
    timeoutMs: LIMITS.uploadTimeoutMs,
  });
  await xhrRequest({ method: 'PUT', url: `${uploadsPath}/${session.id}/parts/${n}`, json: { etag }, signal });
}

/**
 * A resumable multipart upload (DESIGN.md §6). The upload's state lives in IndexedDB under the
 * file's name, size and last-modified time, so picking the same file again after a reload or a
 * crash asks the server which parts it holds and sends only the rest. Parts go straight to object
 * storage, `PARALLEL_PARTS` at a time over XMLHttpRequest (for progress), each retried with
 * backoff; offline, the upload waits for the network. Completion carries the form as it is now
 * (it may have been typed again), the poster and its card widths.
 */
export async function sendResumableUpload(input: UploadInput, callbacks: UploadCallbacks): Promise<Video> {
  const { file } = input;
  const { signal } = callbacks;
  const retry: RetryOptions = { signal, onWaitingForNetwork: callbacks.onWaitingForNetwork };
  const key = fileKey(file);
  const pending = await findPendingUpload(input.userId, file);
  const session =
    (pending && (await resumeSession(input.userId, pending, retry))) ??
    (await startSession(input, key, retry));

  const confirmed = session.parts.map((part) => part.partNumber);
  let held = confirmedBytes(session, confirmed);
  // Bytes of the parts in flight, by part number: progress is what is held plus what is on its way.
  const inFlight = new Map<number, number>();
  const report = () => callbacks.onProgress(held + [...inFlight.values()].reduce((a, b) => a + b, 0), held);
  report();
  if (session.status === 'uploading') {
    await runPool(
      partsToSend(session, confirmed),
      PARALLEL_PARTS,
      async (n, partSignal) => {
        await withRetry(
          () =>
            sendPart(session, file, n, partSignal, (loaded) => {
              inFlight.set(n, loaded);
              report();
            }),
          { ...retry, signal: partSignal },
        );
        await markPartConfirmed(input.userId, key, n);
        inFlight.delete(n);
        const { start, end } = partRange(session, n);
        held += end - start;
        report();
      },
      signal,
    );
  }

  const posters = await uploadPosters(input.metadata, retry);
  const json = await withRetry(
    () =>
      xhrRequest({
        method: 'POST',
        url: `${uploadsPath}/${session.id}/complete`,
        json: { title: input.title, description: input.description, isPublic: input.isPublic, ...posters },
        signal,
      }),
    retry,
  );
  await removePendingUpload(input.userId, key);
  return UploadResultSchema.parse(json).data;
}

/** Cancels the upload of `file` on the server and forgets it here (best effort). */
export async function abortResumableUpload(userId: string, file: File): Promise<void> {
  const pending = await findPendingUpload(userId, file);
  if (!pending) return;
  await removePendingUpload(userId, pending.key);
  await xhrRequest({ method: 'DELETE', url: `${uploadsPath}/${pending.uploadId}` }).catch((error: unknown) =>
    console.warn('Abort of the upload failed', error),
  );
}

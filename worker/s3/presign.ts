import { AwsV4Signer } from 'aws4fetch';

/** Where presigned part URLs point: R2's S3 API in production, the worker's own `/s3` locally. */
export type S3Target = {
  /** The endpoint's origin (and path prefix), e.g. `https://<account>.r2.cloudflarestorage.com`. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** A part URL works this long: enough to send 8 MiB on a slow line, short enough to leak little. */
export const PART_URL_TTL_SECONDS = 15 * 60;

/** SigV4's `YYYYMMDDTHHMMSSZ`. */
export const amzDate = (at: Date) => at.toISOString().replace(/[:-]|\.\d{3}/g, '');

/** The object's path-style URL: `<endpoint>/<bucket>/<key>`, the key's segments percent-encoded. */
export const objectUrl = (target: S3Target, key: string): URL =>
  new URL(
    `${target.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(target.bucket)}/${key
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`,
  );

/**
 * A presigned S3 `UploadPart` URL (SigV4 in the query, only the host signed, payload unsigned):
 * whoever holds it may PUT part `partNumber` of that one multipart upload until it expires.
 */
export const presignPartUrl = async (
  target: S3Target,
  part: { key: string; uploadId: string; partNumber: number },
  now: Date,
  ttlSeconds = PART_URL_TTL_SECONDS,
): Promise<string> => {
  const url = objectUrl(target, part.key);
  url.searchParams.set('partNumber', String(part.partNumber));
  url.searchParams.set('uploadId', part.uploadId);
  url.searchParams.set('X-Amz-Expires', String(ttlSeconds));
  const signer = new AwsV4Signer({
    method: 'PUT',
    url: url.toString(),
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    service: 's3',
    region: 'auto',
    signQuery: true,
    datetime: amzDate(now),
  });
  return (await signer.sign()).url.toString();
};

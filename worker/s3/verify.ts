import { AwsV4Signer } from 'aws4fetch';

/** S3 caps a presigned URL's life at seven days; a longer `X-Amz-Expires` is not a URL we made. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** Clocks differ a little: a URL dated up to this far ahead is still taken. */
const CLOCK_SKEW_MS = 60_000;

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

const parseAmzDate = (value: string): number | null => {
  const match = AMZ_DATE.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
};

const bytesOf = (hex: string) => new TextEncoder().encode(hex);

/** Constant-time comparison, so the signature cannot be guessed a byte at a time. */
const sameSignature = (a: string, b: string) => {
  const left = bytesOf(a);
  const right = bytesOf(b);
  return left.byteLength === right.byteLength && crypto.subtle.timingSafeEqual(left, right);
};

/**
 * Checks a SigV4 presigned request the way S3 does (query signature, host-only, unsigned payload):
 * our access key, the algorithm, a signature recomputed over the method, path, every query
 * parameter and the host, and the time window `X-Amz-Date` + `X-Amz-Expires`. Answers why it is
 * refused, or null when it is good.
 */
export const presignedRequestProblem = async (
  request: Request,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: Date,
): Promise<string | null> => {
  const url = new URL(request.url);
  const query = url.searchParams;
  const signature = query.get('X-Amz-Signature');
  const datetime = query.get('X-Amz-Date') ?? '';
  const credential = (query.get('X-Amz-Credential') ?? '').split('/');
  const expires = Number(query.get('X-Amz-Expires'));
  const signedAt = parseAmzDate(datetime);
  if (!signature || query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || signedAt === null) {
    return 'The request is not presigned';
  }
  const [accessKeyId, date, region, service, terminator] = credential;
  if (
    credential.length !== 5 ||
    accessKeyId !== credentials.accessKeyId ||
    date !== datetime.slice(0, 8) ||
    service !== 's3' ||
    terminator !== 'aws4_request'
  ) {
    return 'The access key or credential scope is not ours';
  }
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
    return 'X-Amz-Expires is not a valid lifetime';
  }
  if (signedAt > now.getTime() + CLOCK_SKEW_MS) return 'The URL is dated in the future';
  if (now.getTime() > signedAt + expires * 1000) return 'The URL has expired';

  // The signer recomputes every X-Amz-* field from the same inputs; any other change to the URL
  // (part number, upload id, key, host, signed headers) yields another signature.
  query.delete('X-Amz-Signature');
  const expected = await new AwsV4Signer({
    method: request.method,
    url: url.toString(),
    accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    service: 's3',
    region,
    signQuery: true,
    datetime,
  }).signature();
  const signedHeaders = new URL(request.url).searchParams.get('X-Amz-SignedHeaders');
  if (signedHeaders !== 'host' || !sameSignature(expected, signature)) {
    return 'The signature does not match';
  }
  return null;
};

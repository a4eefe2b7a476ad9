import { MESSAGES } from '../../../schema/messages';
import { ApiRequestError, apiErrorFromAnswer } from '../../lib/api';
import { cancelledError, networkError, timeoutError } from './upload-errors';

/** The JSON of an answer's text, or undefined when it is none (an empty body, a proxy's HTML). */
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export type XhrRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** A file, a slice of one or a form; sent as is. */
  body?: Blob | FormData;
  /** A JSON body, sent with its content type. */
  json?: unknown;
  /** Bytes of the body sent so far, and the body's total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Send the session cookie; off for presigned storage URLs, which carry their own authority. */
  withCredentials?: boolean;
};

/**
 * One request through XMLHttpRequest, the only browser API that reports upload progress (so not
 * through lib/api.ts's fetch). Resolves with the finished request of a 2xx answer; rejects as
 * lib/api.ts does (upload-errors.ts): an `ApiRequestError` read from the answer, or the network,
 * time-out and cancel errors a fetch would throw.
 */
function send(request: XhrRequest): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(cancelledError());
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = request.withCredentials ?? true;
    xhr.setRequestHeader('accept', 'application/json');
    if (request.timeoutMs) xhr.timeout = request.timeoutMs;
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: () => void) => {
      request.signal?.removeEventListener('abort', onAbort);
      outcome();
    };

    if (request.onProgress) {
      const report = request.onProgress;
      xhr.upload.addEventListener('progress', (event) => report(event.loaded, event.total));
    }
    xhr.addEventListener('load', () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr);
        reject(apiErrorFromAnswer(xhr.status, parseJson(xhr.responseText)));
      }),
    );
    xhr.addEventListener('error', () => settle(() => reject(networkError())));
    xhr.addEventListener('timeout', () => settle(() => reject(timeoutError())));
    xhr.addEventListener('abort', () => settle(() => reject(cancelledError())));

    if (request.json !== undefined) {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(request.json));
    } else {
      xhr.send(request.body ?? null);
    }
  });
}

/** `send`, resolving with the parsed JSON of the answer (our API's `{data}`). */
export const xhrRequest = async (request: XhrRequest): Promise<unknown> =>
  parseJson((await send(request)).responseText);

/**
 * PUTs one part's bytes to a presigned storage URL (R2's S3 API, or the worker's `/s3` locally)
 * without the session cookie, and resolves with the ETag storage answered for it.
 */
export const xhrPutPart = async (
  request: Pick<XhrRequest, 'url' | 'body' | 'onProgress' | 'signal' | 'timeoutMs'>,
): Promise<string> => {
  const xhr = await send({ ...request, method: 'PUT', withCredentials: false });
  const etag = xhr.getResponseHeader('ETag');
  // A bucket whose CORS rules do not expose ETag hides it: nothing could complete the upload.
  if (!etag) throw new ApiRequestError(xhr.status, null, MESSAGES.generic.httpError(xhr.status));
  return etag;
};

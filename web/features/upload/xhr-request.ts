import { ApiErrorBodySchema } from '../../../schema/api';
import { MESSAGES } from '../../../schema/messages';
import {
  UploadCancelledError,
  UploadHttpError,
  UploadNetworkError,
  UploadTimeoutError,
} from './upload-errors';

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
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * One request through XMLHttpRequest, the only browser API that reports upload progress. Resolves
 * with the parsed JSON of a 2xx answer; rejects with a typed error the upload can act on (retry,
 * time-out, cancel) carrying the server's message, or 'HTTP error! status: n' (DESIGN.md §3).
 */
export function xhrRequest(request: XhrRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(new UploadCancelledError());
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
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
        const json = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) return resolve(json);
        const error = ApiErrorBodySchema.safeParse(json);
        const message = error.success ? error.data.error.message : MESSAGES.generic.httpError(xhr.status);
        reject(new UploadHttpError(xhr.status, message, error.success ? error.data.error.code : undefined));
      }),
    );
    xhr.addEventListener('error', () => settle(() => reject(new UploadNetworkError())));
    xhr.addEventListener('timeout', () => settle(() => reject(new UploadTimeoutError())));
    xhr.addEventListener('abort', () => settle(() => reject(new UploadCancelledError())));

    if (request.json !== undefined) {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(request.json));
    } else {
      xhr.send(request.body ?? null);
    }
  });
}

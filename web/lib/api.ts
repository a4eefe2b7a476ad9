import type * as z from 'zod/mini';
import type { ErrorCode } from '../../schema/api';
import { GENERIC_MESSAGES } from '../../schema/messages/generic';
import { takeFirstScreenAnswer } from './first-screen';
import { nextTask } from './next-task';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RequestOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the request outlive a closing page (fetch's keepalive; the body must be small). */
  keepalive?: boolean;
};

/**
 * The schema an answer is parsed with, or a function that imports it: home's reads pass the latter,
 * so zod and the schemas load beside the first request instead of in home's entry chunk (issue 20).
 */
export type SchemaSource<S extends z.ZodMiniType> = S | (() => Promise<S>);

const resolveSchema = <S extends z.ZodMiniType>(source: SchemaSource<S>): Promise<S> | S =>
  typeof source === 'function' ? source() : source;

/** This module runs in pages and in the service worker (web/sw/outbox.ts). */
const inPage = typeof document !== 'undefined';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A refusal or failure answered over HTTP: the status, the server's stable `code`, its message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    /** The `error.code` of schema/api.ts's envelope; null when the answer had none (a proxy's 502 page). */
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The error of a non-2xx answer, from its status and its parsed body. The envelope of schema/api.ts
 * (`{error:{code,message}}`) is read by hand: zod stays out of home's entry chunk, and this file also
 * runs in the service worker, which cannot import code later (so it cannot take the schemas by
 * `import()` either). Without one the message is 'HTTP error! status: n' (DESIGN.md §3).
 */
export function apiErrorFromAnswer(status: number, body: unknown): ApiRequestError {
  const { code, message }: Record<string, unknown> = isRecord(body) && isRecord(body.error) ? body.error : {};
  return new ApiRequestError(
    status,
    typeof code === 'string' ? code : null,
    (typeof message === 'string' && message) || GENERIC_MESSAGES.httpError(status),
  );
}

/** True when `error` is our API's refusal with `code`: callers branch on it, never on message text. */
export const isApiError = (error: unknown, code: ErrorCode): error is ApiRequestError =>
  error instanceof ApiRequestError && error.code === code;

/**
 * Calls our API (same origin) and returns `data` parsed with `schema`. `body` goes as JSON, or as
 * is when it is a form (multipart, its boundary set by the browser). A failure throws an
 * `ApiRequestError` (`apiErrorFromAnswer`); a request that got no answer at all throws fetch's own
 * TypeError.
 */
export async function apiRequest<S extends z.ZodMiniType>(
  method: Method,
  path: string,
  source: SchemaSource<S>,
  body?: unknown,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  // The page may carry this answer already (worker/first-screen/): no second request for it.
  const inlined = method === 'GET' ? takeFirstScreenAnswer(path) : undefined;
  if (inlined !== undefined) return (await resolveSchema(source)).parse(inlined) as z.output<S>;
  // A schema to import is imported while the request is out; a failed import surfaces below, or
  // never matters when the request fails first.
  const parsing = Promise.resolve(resolveSchema(source));
  parsing.catch(() => undefined);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  // In a page, each request starts in a task of its own. A page's first render starts all its reads
  // in one task (its effects), and each fetch() costs a few ms on a phone's CPU: /u's seven made one
  // task of about 100 ms at 4x slowdown. Not a keepalive request: it is sent as the page closes,
  // and no later task may run. The service worker has no page to keep responsive: it sends at once.
  if (inPage && !options.keepalive) await nextTask();
  // The session cookie goes by fetch's default (`credentials: 'same-origin'`): our API is same origin.
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined || isForm ? body : JSON.stringify(body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  // No JSON (an empty body, a proxy's HTML page) reads as undefined.
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorFromAnswer(response.status, json);
  const schema = await parsing;
  // zod cannot resolve the output of a generic S; the parse still checks `data` fully.
  return schema.parse(isRecord(json) ? json.data : undefined) as z.output<S>;
}

/** `GET path` and parse its `data` with `schema`. */
export function apiGet<S extends z.ZodMiniType>(
  path: string,
  schema: SchemaSource<S>,
  options?: RequestOptions,
) {
  return apiRequest('GET', path, schema, undefined, options);
}

/** `POST path` with a JSON body (or a form) and parse its `data` with `schema`. */
export function apiPost<S extends z.ZodMiniType>(
  path: string,
  body: unknown,
  schema: S,
  options?: RequestOptions,
) {
  return apiRequest('POST', path, schema, body, options);
}

/** `PUT path` with a JSON body and parse its `data` with `schema`. */
export function apiPut<S extends z.ZodMiniType>(
  path: string,
  body: unknown,
  schema: S,
  options?: RequestOptions,
) {
  return apiRequest('PUT', path, schema, body, options);
}

/** `DELETE path` (with an optional JSON body) and parse its `data` with `schema`. */
export function apiDelete<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  body?: unknown,
  options?: RequestOptions,
) {
  return apiRequest('DELETE', path, schema, body, options);
}

/** Builds `path?key=value` from defined params. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

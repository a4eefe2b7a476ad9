import type * as z from 'zod/mini';
import { GENERIC_MESSAGES } from '../../schema/messages/generic';
import { takeFirstScreenAnswer } from './first-screen';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

/**
 * The schema an answer is parsed with, or a function that imports it: home's reads pass the latter,
 * so zod and the schemas load beside the first request instead of in home's entry chunk (issue 20).
 */
export type SchemaSource<S extends z.ZodMiniType> = S | (() => Promise<S>);

const resolveSchema = <S extends z.ZodMiniType>(source: SchemaSource<S>): Promise<S> | S =>
  typeof source === 'function' ? source() : source;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The envelope of schema/api.ts (`{data}` / `{error:{code,message}}`), read by hand: zod stays out
 * of home's entry chunk, and this file also runs in the service worker, which cannot import code
 * later (so it cannot take the schemas by `import()` either). `data` itself is parsed with zod.
 */
const envelopeError = (json: unknown): { code: string; message: string } | null => {
  const error = isRecord(json) ? json.error : undefined;
  return isRecord(error) && typeof error.code === 'string' && typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : null;
};

/** A refusal or failure answered by our API: its HTTP status, the error code, and the message to show. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Calls our API (same origin) and returns `data` parsed with `schema`. A failure throws an
 * `ApiRequestError` carrying the server's `error.message`, or 'HTTP error! status: n' when it sent
 * none (DESIGN.md §3); a request that got no answer at all throws fetch's own TypeError.
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
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const json = await readJson(response);
  if (!response.ok) {
    const error = envelopeError(json);
    throw new ApiRequestError(
      response.status,
      error?.code ?? null,
      error?.message || GENERIC_MESSAGES.httpError(response.status),
    );
  }
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

/** `POST path` with a JSON body and parse its `data` with `schema`. */
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

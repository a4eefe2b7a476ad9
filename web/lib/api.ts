import type * as z from 'zod/mini';
import { ApiErrorBodySchema, dataEnvelope } from '../../schema/api';
import { GENERIC_MESSAGES } from '../../schema/messages/generic';
import { takeFirstScreenAnswer } from './first-screen';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

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
  schema: S,
  body?: unknown,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  // The page may carry this answer already (worker/first-screen/): no second request for it.
  const inlined = method === 'GET' ? takeFirstScreenAnswer(path) : undefined;
  if (inlined !== undefined) return schema.parse(inlined) as z.output<S>;
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
    const error = ApiErrorBodySchema.safeParse(json);
    throw new ApiRequestError(
      response.status,
      error.success ? error.data.error.code : null,
      error.success && error.data.error.message
        ? error.data.error.message
        : GENERIC_MESSAGES.httpError(response.status),
    );
  }
  // zod cannot resolve the envelope's shape for a generic S; the parse still checks `data` fully.
  const envelope = dataEnvelope(schema).parse(json) as { data: z.output<S> };
  return envelope.data;
}

/** `GET path` and parse its `data` with `schema`. */
export function apiGet<S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) {
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

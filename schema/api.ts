import * as z from 'zod/mini';

/** Every success answers `{data}`; every failure `{error:{code,message}}` (DESIGN.md §3). */
export const dataEnvelope = <T extends z.ZodMiniType>(data: T) => z.object({ data });

export const ApiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  /** A stream key already has a prepared or live session (live §4: the studio loads that one). */
  'session_exists',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'idempotency_mismatch',
  'quota_exceeded',
  'internal',
  'misconfigured',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `GET /api/health` (and `/relayer/health`): 200 when D1 and R2 answer, 503 naming which did not. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  ok: z.boolean(),
  service: z.string(),
  version: z.string(),
  d1: z.enum(['ok', 'error']),
  r2: z.enum(['ok', 'error']),
  time: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** Public runtime configuration for the PWA (`GET /api/config`); nothing secret. */
export const PublicConfigSchema = z.object({
  appVersion: z.string(),
  platformAddress: z.string(),
  chain: z.object({ network: z.string(), nodeUrl: z.string() }),
  streamProvider: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

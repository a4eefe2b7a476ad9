import * as z from 'zod/mini';
import { type StreamingConfig, StreamingConfigSchema } from '../../../schema/live';
import { type SessionDashboard, SessionDashboardSchema } from '../../../schema/live-dashboard';
import {
  type OwnerStreamKey,
  OwnerStreamKeySchema,
  StreamKeySchema,
  type StreamSession,
  StreamSessionSchema,
} from '../../../schema/live-session';
import { apiDelete, apiGet, apiPost } from '../../lib/api';
import { apiGetOrNull } from '../live/api';

/* The studio's own calls of live §7 (the owner's key with its secret, and the owner's writes). */

/** `GET /api/stream-keys/user/{userId}` as its owner: the key with its secret, or null without one. */
export const getOwnStreamKey = (userId: string, signal?: AbortSignal): Promise<OwnerStreamKey | null> =>
  apiGetOrNull(`/api/stream-keys/user/${encodeURIComponent(userId)}`, OwnerStreamKeySchema, signal);

export const createStreamKey = (body: { name: string; userId: string }) =>
  apiPost('/api/stream-keys', body, OwnerStreamKeySchema);

export const regenerateStreamKey = (id: string) =>
  apiPost(`/api/stream-keys/${id}/regenerate`, {}, OwnerStreamKeySchema);

export const deleteStreamKey = (id: string) =>
  apiDelete(`/api/stream-keys/${id}`, z.object({ deleted: z.boolean() }));

export const setStreamKeyActive = (id: string, active: boolean) =>
  apiPost(`/api/stream-keys/${id}/${active ? 'activate' : 'deactivate'}`, {}, StreamKeySchema);

/** `GET /api/stream-keys/{id}/streaming-info`: ingest address, secret key, recommended settings. */
export const getStreamingInfo = (id: string, signal?: AbortSignal): Promise<StreamingConfig> =>
  apiGet(`/api/stream-keys/${id}/streaming-info`, StreamingConfigSchema, { signal });

export const createSession = (body: { streamKeyId: string; title: string; description: string }) =>
  apiPost('/api/sessions', body, StreamSessionSchema);

export const startSession = (id: string): Promise<StreamSession> =>
  apiPost(`/api/sessions/${id}/start`, {}, StreamSessionSchema);

export const stopSession = (id: string, options?: { keepalive?: boolean }): Promise<StreamSession> =>
  apiPost(`/api/sessions/${id}/stop`, {}, StreamSessionSchema, options);

/** `GET /api/sessions/{id}/dashboard` as its owner: viewers, peak, start, this session's tips, health. */
export const getSessionDashboard = (id: string, signal?: AbortSignal): Promise<SessionDashboard> =>
  apiGet(`/api/sessions/${id}/dashboard`, SessionDashboardSchema, { signal });

import * as z from 'zod/mini';
import { ApiErrorBodySchema, dataEnvelope } from '../../../schema/api';
import { MESSAGES } from '../../../schema/messages';
import { type OwnUser, OwnUserSchema, type User, UserCheckSchema } from '../../../schema/user';
import type { CreateUserBody, UpdateUserBody } from '../../../schema/user-input';
import { ApiRequestError, apiGet, apiPost, apiPut } from '../../lib/api';

/** `POST /api/files/image` answer: the image's sha-256 and where /media serves it. */
export const StoredImageSchema = z.object({ hash: z.string(), url: z.string() });
export type StoredImage = z.infer<typeof StoredImageSchema>;

/**
 * Uploads an image as multipart (field `file`). Not through lib/api.ts, which sends JSON; a refusal
 * throws its `ApiRequestError` the same way, so the wizard can tell "wait a minute" (429) apart.
 */
export async function uploadImage(file: File): Promise<StoredImage> {
  const form = new FormData();
  form.set('file', file);
  const response = await fetch('/api/files/image', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = ApiErrorBodySchema.safeParse(json);
    throw error.success
      ? new ApiRequestError(response.status, error.data.error.code, error.data.error.message)
      : new ApiRequestError(response.status, null, MESSAGES.generic.httpError(response.status));
  }
  return dataEnvelope(StoredImageSchema).parse(json).data;
}

/** The user who holds `username` (any case), or null when it is free. */
export async function findUserByUsername(username: string, signal?: AbortSignal): Promise<User | null> {
  const check = await apiGet(`/api/users/check/${encodeURIComponent(username)}`, UserCheckSchema, { signal });
  return check.user;
}

/**
 * Creates the profile, then registers it with the relayer (accounts §4). The profile exists once
 * the first call succeeds, so a relayer failure is logged rather than failing the registration.
 */
export async function createProfile(body: CreateUserBody): Promise<OwnUser> {
  const user = await apiPost('/api/users', body, OwnUserSchema);
  await apiPost('/relayer/api/users/register', { userData: user }, z.unknown()).catch((error: unknown) =>
    console.error('Relayer registration failed', error),
  );
  return user;
}

/** Saves the profile, then tells the relayer (accounts §4); a relayer failure is only logged. */
export async function updateProfile(id: string, body: UpdateUserBody): Promise<OwnUser> {
  const user = await apiPut(`/api/users/${encodeURIComponent(id)}`, body, OwnUserSchema);
  await apiPost('/relayer/api/users/update-info', { userData: user }, z.unknown()).catch((error: unknown) =>
    console.error('Relayer update failed', error),
  );
  return user;
}

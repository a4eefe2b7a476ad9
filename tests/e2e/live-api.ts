import { type APIRequestContext, expect } from '@playwright/test';
import { dataEnvelope } from '../../schema/api';
import {
  type StreamKey,
  StreamKeySchema,
  type StreamSession,
  StreamSessionSchema,
} from '../../schema/live-session';

/* A creator's stream key and session made through the API with their signed-in `request`, as the
   studio makes them, for specs whose subject is what comes after. */

/** A stream key for `userId` (the owner's record, with its secret). */
export async function createStreamKey(
  request: APIRequestContext,
  userId: string,
  name = 'Main stream',
): Promise<StreamKey> {
  const created = await request.post('/api/stream-keys', { data: { name, userId } });
  expect(created.status()).toBe(201);
  return dataEnvelope(StreamKeySchema).parse(await created.json()).data;
}

/** A session for the key, prepared (live §4: the key's current one) and, unless `start` is false, started. */
export async function prepareSession(
  request: APIRequestContext,
  streamKeyId: string,
  { title, description = '', start = true }: { title: string; description?: string; start?: boolean },
): Promise<StreamSession> {
  const prepared = await request.post('/api/sessions', { data: { streamKeyId, title, description } });
  expect(prepared.status()).toBe(201);
  const session = dataEnvelope(StreamSessionSchema).parse(await prepared.json()).data;
  if (!start) return session;
  const started = await request.post(`/api/sessions/${session.id}/start`);
  expect(started.status()).toBe(200);
  return dataEnvelope(StreamSessionSchema).parse(await started.json()).data;
}

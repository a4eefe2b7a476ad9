import { dataEnvelope } from '../../schema/api';
import {
  type StreamKey,
  StreamKeySchema,
  type StreamSession,
  StreamSessionSchema,
} from '../../schema/live-session';
import type { Caller } from '../worker/session';
import { registeredUser } from './engagement';

/** Someone who can act through the API: a signed-in caller and their user id. */
export type Actor = { caller: Caller; user: { id: string; username: string } };

const expectStatus = (result: { status: number; body: unknown }, status: number, what: string) => {
  if (result.status !== status)
    throw new Error(`${what} failed: ${result.status} ${JSON.stringify(result.body)}`);
};

/** Creates the actor's stream key through `POST /api/stream-keys`, as the studio does; answers the owner's record. */
export const createStreamKey = async (actor: Actor, name = 'Main stream'): Promise<StreamKey> => {
  const result = await actor.caller.json('/api/stream-keys', 'POST', { name, userId: actor.user.id });
  expectStatus(result, 201, 'create stream key');
  return dataEnvelope(StreamKeySchema).parse(result.body).data;
};

/** A registered user who owns a stream key. */
export const streamer = async () => {
  const actor = await registeredUser();
  return { ...actor, key: await createStreamKey(actor) };
};

/**
 * Prepares a session the way the studio does (live §4): create it for the key, then start it.
 * `start: false` leaves it prepared.
 */
export const prepareSession = async (
  actor: Actor,
  streamKeyId: string,
  options: { title?: string; description?: string; start?: boolean } = {},
): Promise<StreamSession> => {
  const created = await actor.caller.json('/api/sessions', 'POST', {
    streamKeyId,
    title: options.title ?? 'Ranked grind',
    description: options.description ?? 'Climbing tonight',
  });
  expectStatus(created, 201, 'create session');
  const session = dataEnvelope(StreamSessionSchema).parse(created.body).data;
  if (options.start === false) return session;
  const started = await actor.caller.json(`/api/sessions/${session.id}/start`, 'POST');
  expectStatus(started, 200, 'start session');
  return dataEnvelope(StreamSessionSchema).parse(started.body).data;
};

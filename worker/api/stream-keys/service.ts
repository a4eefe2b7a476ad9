import {
  type CreateStreamKeyBody,
  LIVE_TEXT,
  type PlaybackInfo,
  RECOMMENDED_STREAMING_SETTINGS,
  type StreamingConfig,
  type UpdateStreamKeyBody,
} from '../../../schema/live';
import type { OwnerStreamKey, PublicStreamKey, StreamKey } from '../../../schema/live-session';
import type { SessionUser } from '../../../schema/user';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertSelf } from '../../lib/session';
import { LIVEPEER_RTMP_INGEST } from '../../ports/adapters/stream-livepeer';
import type { ProviderStreamRef, StreamProvider } from '../../ports/stream-provider';
import { clearChatMessages, setStreamStatus } from '../chat/rooms';
import {
  deleteStreamKey,
  getStreamKeyById,
  getStreamKeyByUserId,
  insertStreamKey,
  rotateStreamKey,
  updateStreamKey,
} from './queries';

/** The public face of a stream: everything but the secret (DESIGN.md §11.1). */
export const toPublicStreamKey = ({ key: _secret, ...rest }: StreamKey): PublicStreamKey => rest;

/** The owner's view: the secret and where WebRTC publishing goes (`whipUrl`, null without WHIP). */
export const toOwnerStreamKey = (key: StreamKey, whipUrl: string | null): OwnerStreamKey => ({
  ...key,
  whipUrl,
});

/** The record as `callerId` may see it: the secret and the WHIP address only for its owner. */
export const presentStreamKey = (
  key: StreamKey,
  callerId: string | null,
  whipUrl: string | null,
): OwnerStreamKey | PublicStreamKey =>
  key.userId === callerId ? toOwnerStreamKey(key, whipUrl) : toPublicStreamKey(key);

/** What the provider needs to find a stream again. */
export const providerRef = (key: StreamKey): ProviderStreamRef => ({
  providerStreamId: key.livepeerStreamId,
  playbackId: key.playbackId,
  streamKey: key.key,
});

const keyExists = () => conflict(LIVE_TEXT.keyExists);

/** A key by id for its owner: 404 when there is none, 403 for anyone else. */
export const requireOwnedKey = async (
  db: D1Database,
  id: string,
  caller: SessionUser,
): Promise<StreamKey> => {
  const key = await getStreamKeyById(db, id);
  if (!key) throw notFound(LIVE_TEXT.keyNotFound);
  if (key.userId !== caller.id) throw forbidden(LIVE_TEXT.notKeyOwner);
  return key;
};

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint/.test(error.message);

/**
 * Creates the caller's one stream key (live §5): the provider makes the stream, we keep its secret,
 * playback id and URL. A second key is a 409, also when two creates race (the unique index decides
 * and the loser's provider stream is deleted again).
 */
export const createStreamKey = async (
  db: D1Database,
  provider: StreamProvider,
  caller: SessionUser,
  body: CreateStreamKeyBody,
): Promise<StreamKey> => {
  assertSelf(caller, body.userId);
  if (await getStreamKeyByUserId(db, caller.id)) throw keyExists();
  const stream = await provider.createStream(body.name);
  const key: StreamKey = {
    id: newId(),
    name: body.name,
    userId: caller.id,
    key: stream.streamKey,
    isActive: true,
    createdAt: new Date().toISOString(),
    lastUsed: null,
    playbackUrl: stream.playbackUrl,
    livepeerStreamId: stream.providerStreamId,
    playbackId: stream.playbackId,
  };
  try {
    await insertStreamKey(db, key);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await provider.deleteStream(providerRef(key));
    throw keyExists();
  }
  return key;
};

/** Renames and/or switches the owner's key on or off; answers the owner's record. */
export const changeStreamKey = async (
  db: D1Database,
  caller: SessionUser,
  id: string,
  change: UpdateStreamKeyBody,
): Promise<StreamKey> => {
  const key = await requireOwnedKey(db, id, caller);
  await updateStreamKey(db, id, change);
  return { ...key, name: change.name ?? key.name, isActive: change.isActive ?? key.isActive };
};

/**
 * A new secret for the owner's stream; the old one stops working at the provider and here. A
 * provider that replaces the stream to rotate (Livepeer) also answers new ids: they are kept too.
 */
export const regenerateStreamKey = async (
  db: D1Database,
  provider: StreamProvider,
  caller: SessionUser,
  id: string,
): Promise<StreamKey> => {
  const key = await requireOwnedKey(db, id, caller);
  const rotated = await provider.regenerateKey(providerRef(key));
  const next: StreamKey = {
    ...key,
    key: rotated.streamKey,
    livepeerStreamId:
      rotated.providerStreamId === undefined ? key.livepeerStreamId : rotated.providerStreamId,
    playbackId: rotated.playbackId ?? key.playbackId,
    playbackUrl: rotated.playbackUrl ?? key.playbackUrl,
  };
  await rotateStreamKey(db, id, next);
  return next;
};

/**
 * Deletes the owner's key with its sessions, then the provider's stream, the chat history and the
 * status room's state. The row goes first so the secret is dead here even if the provider fails;
 * those later clean-ups are logged, not fatal (the key is gone for the user either way).
 */
export const removeStreamKey = async (
  env: Env,
  provider: StreamProvider,
  caller: SessionUser,
  id: string,
) => {
  const key = await requireOwnedKey(env.DB, id, caller);
  await deleteStreamKey(env.DB, id);
  const cleanups = await Promise.allSettled([
    provider.deleteStream(providerRef(key)),
    clearChatMessages(env, id),
    setStreamStatus(env, id, { isLive: false, sessionId: null }),
  ]);
  for (const result of cleanups) {
    if (result.status === 'rejected') console.error('stream key clean-up failed', id, result.reason);
  }
};

/** Where viewers play a stream: the provider's current URL, else the one stored at creation. */
export const playbackInfo = async (provider: StreamProvider, key: StreamKey): Promise<PlaybackInfo> => {
  const playbackUrl = (await provider.playbackUrl(providerRef(key))) || key.playbackUrl;
  if (!playbackUrl) throw notFound('Playback not available');
  return { id: key.id, playbackId: key.playbackId, playbackUrl, livepeerStreamId: key.livepeerStreamId };
};

/**
 * The ingest server address an encoder is given. The port answers it only from `createStream`, so
 * it is derived here the same way the adapters do: the local ingest is served by this worker.
 */
const ingestAddress = (provider: StreamProvider, origin: string): string =>
  provider.name === 'local' ? `${origin}/ingest` : LIVEPEER_RTMP_INGEST;

/** What the owner's encoder needs (live §3): ingest address, secret key, recommended settings. */
export const streamingConfig = (
  provider: StreamProvider,
  origin: string,
  key: StreamKey,
  caller: SessionUser,
): StreamingConfig => {
  if (key.userId !== caller.id) throw forbidden(LIVE_TEXT.notKeyOwner);
  return {
    serverUrl: ingestAddress(provider, origin),
    streamKey: key.key,
    settings: RECOMMENDED_STREAMING_SETTINGS,
  };
};

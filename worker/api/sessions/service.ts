import { type CreateSessionBody, LIVE_TEXT, type SessionStats } from '../../../schema/live';
import type { StreamSession } from '../../../schema/live-session';
import { MESSAGES } from '../../../schema/messages';
import type { SessionUser } from '../../../schema/user';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { clearChatMessages, setStreamStatus } from '../chat/rooms';
import { requireOwnedKey } from '../stream-keys/service';
import {
  countSessionViews,
  endSession,
  getSessionWithOwner,
  insertSessionUnlessCurrent,
  startSession,
} from './queries';

/** A session for the owner of its stream key: 404 (with `missing`) when unknown, 403 for others. */
export const requireOwnedSession = async (
  db: D1Database,
  id: string,
  caller: SessionUser,
  missing: string = LIVE_TEXT.sessionNotFound,
): Promise<StreamSession> => {
  const found = await getSessionWithOwner(db, id);
  if (!found) throw notFound(missing);
  if (found.ownerId !== caller.id) throw forbidden(LIVE_TEXT.notKeyOwner);
  return found.session;
};

const reread = async (db: D1Database, id: string): Promise<StreamSession> => {
  const found = await getSessionWithOwner(db, id);
  if (!found) throw notFound(LIVE_TEXT.sessionNotFound);
  return found.session;
};

/**
 * Prepares a session on the caller's active key (live §4). A stream has at most one prepared or
 * live session: another prepare is a 409 `session_exists` 'Stream is already live!' and the
 * studio loads the current one from `GET /sessions/live/{streamKeyId}`.
 */
export const prepareSession = async (
  db: D1Database,
  caller: SessionUser,
  body: CreateSessionBody,
): Promise<StreamSession> => {
  const key = await requireOwnedKey(db, body.streamKeyId, caller);
  if (!key.isActive) throw conflict(LIVE_TEXT.keyInactive);
  const session: StreamSession = {
    id: newId(),
    streamKeyId: key.id,
    title: body.title,
    description: body.description,
    status: 'prepared',
    viewerCount: 0,
    stats: {},
    startedAt: null,
    endedAt: null,
    createdAt: new Date().toISOString(),
  };
  if (!(await insertSessionUnlessCurrent(db, session)))
    throw conflict(MESSAGES.studio.alreadyLive, 'session_exists');
  return session;
};

/** prepared -> live; starting a live session again changes nothing; an ended one is a 409. */
export const startOwnedSession = async (
  db: D1Database,
  caller: SessionUser,
  id: string,
): Promise<StreamSession> => {
  const session = await requireOwnedSession(db, id, caller);
  if (session.status === 'ended') throw conflict(LIVE_TEXT.sessionEnded);
  await startSession(db, id, new Date().toISOString());
  return reread(db, id);
};

/**
 * Ends the session (live §4: stop), then clears the stream's chat and tells its status room it is
 * offline. Those two are best effort: the session is ended whatever the rooms answer.
 */
export const stopOwnedSession = async (env: Env, caller: SessionUser, id: string): Promise<StreamSession> => {
  const session = await requireOwnedSession(env.DB, id, caller, MESSAGES.studio.noSessionId);
  await endSession(env.DB, id, new Date().toISOString());
  const rooms = await Promise.allSettled([
    clearChatMessages(env, session.streamKeyId),
    setStreamStatus(env, session.streamKeyId, { isLive: false, sessionId: null }),
  ]);
  for (const result of rooms) {
    if (result.status === 'rejected') console.error('stop: room update failed', id, result.reason);
  }
  return reread(env.DB, id);
};

/** The public counters of a session. */
export const sessionStats = async (db: D1Database, session: StreamSession): Promise<SessionStats> => ({
  sessionId: session.id,
  status: session.status,
  viewerCount: session.viewerCount,
  views: await countSessionViews(db, session.id),
  stats: session.stats,
  startedAt: session.startedAt,
  endedAt: session.endedAt,
});

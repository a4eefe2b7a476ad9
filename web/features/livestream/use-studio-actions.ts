import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerStreamKey, StreamKey, StreamSession } from '../../../schema/live-session';
import { MESSAGES } from '../../../schema/messages';
import { isApiError } from '../../lib/api';
import { showToast } from '../../ui/toast-store';
import { getCurrentSession } from '../live/api';
import { liveKeys } from '../live/queries';
import {
  createSession,
  createStreamKey,
  deleteStreamKey,
  regenerateStreamKey,
  setStreamKeyActive,
  startSession,
  stopSession,
} from './api';
import { studioKeys } from './queries';

/** `quiet`: no 'prepared' toast (Go live from this device says it is live itself; the toast speaks of an encoder). */
type PrepareInput = { title: string; description: string; quiet?: boolean };

/**
 * The studio's writes with the spec's toasts (live §4): create / regenerate / delete / switch the
 * key, Prepare Stream (create the session and start it) and Stop Stream.
 */
export function useStudioActions(userId: string | null, streamKey: StreamKey | null) {
  const client = useQueryClient();
  const ownKey = studioKeys.ownKey(userId ?? '');
  const refreshStream = async () => {
    if (!streamKey) return;
    await Promise.all([
      client.invalidateQueries({ queryKey: liveKeys.current(streamKey.id) }),
      client.invalidateQueries({ queryKey: studioKeys.status(streamKey.id) }),
      client.invalidateQueries({ queryKey: liveKeys.active }),
    ]);
  };

  const createKey = useMutation({
    mutationFn: (name: string) => {
      if (!userId) throw new Error(MESSAGES.studio.keyCreateFailed);
      return createStreamKey({ name, userId });
    },
    onSuccess: (key) => {
      client.setQueryData(ownKey, key);
      showToast(MESSAGES.studio.keyCreated, 'success');
    },
    onError: (error) => {
      console.error(MESSAGES.studio.keyCreateFailed, error);
      showToast(MESSAGES.studio.keyCreateFailedRetry, 'error');
    },
  });

  // Regenerate and delete failures are only logged (live §4).
  const regenerate = useMutation({
    mutationFn: (id: string) => regenerateStreamKey(id),
    onSuccess: (key) => {
      client.setQueryData(ownKey, key);
      void client.invalidateQueries({ queryKey: studioKeys.streamingInfo(key.id) });
    },
    onError: (error) => console.error('Failed to regenerate stream key', error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteStreamKey(id),
    onSuccess: () => client.setQueryData(ownKey, null),
    onError: (error) => console.error('Failed to delete stream key', error),
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setStreamKeyActive(id, active),
    onSuccess: async (key) => {
      // The switch answers the key with the WHIP URL stored with it, not the running relay's: keep
      // the one the owner's read gave.
      client.setQueryData<OwnerStreamKey | null>(ownKey, (previous) => ({
        ...key,
        whipUrl: previous?.whipUrl ?? key.whipUrl,
      }));
      await refreshStream();
    },
    onError: (error) => showToast(error.message, 'error'),
  });

  /** Answers true when the dialog may close (prepared, or an existing session was loaded). */
  const prepare = useMutation({
    mutationFn: async ({ title, description }: PrepareInput): Promise<'prepared' | 'existing'> => {
      if (!streamKey) throw new Error(MESSAGES.studio.startFailed);
      if (await getCurrentSession(streamKey.id)) return 'existing';
      let session: StreamSession;
      try {
        session = await createSession({ streamKeyId: streamKey.id, title, description });
      } catch (error) {
        // Another prepare won between the read above and this write: load that session instead.
        if (isApiError(error, 'session_exists')) return 'existing';
        throw error;
      }
      await startSession(session.id);
      return 'prepared';
    },
    onSuccess: async (outcome, { quiet }) => {
      if (outcome === 'existing') showToast(MESSAGES.studio.alreadyLive, 'info');
      else if (!quiet) showToast(MESSAGES.studio.prepared, 'success');
      await refreshStream();
    },
    onError: (error) => {
      console.error(MESSAGES.studio.startFailed, error);
      showToast(MESSAGES.studio.startFailed, 'error');
    },
  });

  const stop = useMutation({
    mutationFn: async (sessionId: string | null) => {
      if (!sessionId) throw new Error(MESSAGES.studio.noSessionId);
      // The server ends the session and clears the key's chat; a failed clear does not fail the stop.
      return stopSession(sessionId);
    },
    onSuccess: async () => {
      showToast(MESSAGES.studio.stopped, 'success');
      await refreshStream();
    },
    // No session to stop, here or on the server (404), has its own text (live §4).
    onError: (error, sessionId) => {
      const missing = !sessionId || isApiError(error, 'not_found');
      showToast(missing ? MESSAGES.studio.noSessionId : MESSAGES.studio.stopFailed, 'error');
    },
  });

  return { createKey, regenerate, remove, setActive, prepare, stop };
}

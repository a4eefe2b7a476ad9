import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/session';
import { liveKeys } from '../live/queries';
import { currentSessionQueryOptions } from '../live/stream-queries';
import { useStreamStatus } from '../live/use-stream-status';
import {
  backendProbeQueryOptions,
  ownStreamKeyQueryOptions,
  streamStatusQueryOptions,
  studioKeys,
} from './queries';
import type { StudioFacts } from './studio-status';

export type Backend = 'checking' | 'connected' | 'disconnected';

/**
 * Everything the studio decides on: the creator's key, the status room (LIVE without a reload)
 * backed by the status call, the current session, and whether the backend answers a stream-key
 * call (live §4 Backend connection).
 */
export function useStudio() {
  const session = useSession();
  const user = session.info?.user;
  const client = useQueryClient();
  const key = useQuery(ownStreamKeyQueryOptions(user?.id));
  const probe = useQuery(backendProbeQueryOptions(!session.loading && !user));
  const streamKey = key.data ?? null;
  const room = useStreamStatus(streamKey?.id);
  const status = useQuery(streamStatusQueryOptions(streamKey?.id));
  const current = useQuery(currentSessionQueryOptions(streamKey?.id));

  // The room says something changed (media started or stopped, a session began or ended): re-read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the room's fields are the triggers
  useEffect(() => {
    if (!streamKey) return;
    void client.invalidateQueries({ queryKey: studioKeys.status(streamKey.id) });
    void client.invalidateQueries({ queryKey: liveKeys.current(streamKey.id) });
  }, [client, streamKey?.id, room.isLive, room.sessionId]);

  const probeQuery = user ? key : probe;
  const backend: Backend =
    session.loading || probeQuery.isPending ? 'checking' : probeQuery.isError ? 'disconnected' : 'connected';
  const isLive = room.isLive ?? status.data?.isLive ?? false;
  const facts: StudioFacts = {
    signedIn: !!user,
    loading: session.loading || key.isPending || (!!streamKey && (status.isPending || current.isPending)),
    hasKey: !!streamKey,
    keyActive: status.data?.isActive ?? streamKey?.isActive ?? false,
    isLive,
    hasSession: !!current.data,
  };
  return {
    user: user ?? null,
    backend,
    streamKey,
    session: current.data?.stream_sessions ?? null,
    statusFailed: status.isError,
    facts,
  };
}

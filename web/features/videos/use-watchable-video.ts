import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Video } from '../../../schema/content';
import { ApiRequestError } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { useOfflineItem } from '../offline-media/use-offline-item';
import { videoQueryOptions } from './video-queries';

export type WatchableVideo =
  | { status: 'pending' }
  | { status: 'ready'; video: Video }
  | { status: 'not-found' }
  /** No network, and the file is not on this device. */
  | { status: 'not-offline' };

/**
 * The video a watch page can show. Online: the API's answer. With no network (offline, or a
 * request that got no answer): a video kept on this device plays from its kept record (the API's
 * saved answer first, for fresher counts); one that is not kept cannot play, so it says so, unless
 * it was already showing when the network went (what is buffered keeps playing).
 */
export function useWatchableVideo(videoId: string): WatchableVideo {
  const query = useQuery(videoQueryOptions(videoId));
  const kept = useOfflineItem(videoId);
  const online = useOnline();
  const [shownOnline, setShownOnline] = useState<string | null>(null);
  useEffect(() => {
    if (online && query.data) setShownOnline(videoId);
  }, [online, query.data, videoId]);

  const unreachable = !online || (query.isError && !(query.error instanceof ApiRequestError));
  if (!unreachable) {
    if (query.data) return { status: 'ready', video: query.data };
    return query.isPending ? { status: 'pending' } : { status: 'not-found' };
  }
  if (query.data && shownOnline === videoId) return { status: 'ready', video: query.data };
  if (kept === undefined) return { status: 'pending' };
  if (kept === null) return { status: 'not-offline' };
  return { status: 'ready', video: query.data ?? kept.video };
}

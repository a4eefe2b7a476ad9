import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Video } from '../../../schema/content';
import { ApiRequestError } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { useOfflineItem } from '../offline-media/use-offline-item';
import { videoQueryOptions } from './video-queries';

export type WatchableVideo =
  | { status: 'pending' }
  /** `playable`: false with no network when the file is not on this device (the page still shows). */
  | { status: 'ready'; video: Video; playable: boolean }
  | { status: 'not-found' }
  /** No network, and neither the video's record nor its file is on this device. */
  | { status: 'not-offline' };

/**
 * The video a watch page can show. Online: the API's answer. With no network (offline, or a
 * request that got no answer): the saved answer or the kept record still shows the page (title,
 * likes, comments: the offline queue works there), and the video plays if its file is kept on this
 * device or it was already showing when the network went (what is buffered keeps playing).
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
    if (query.data) return { status: 'ready', video: query.data, playable: true };
    return query.isPending ? { status: 'pending' } : { status: 'not-found' };
  }
  if (query.data && shownOnline === videoId) return { status: 'ready', video: query.data, playable: true };
  if (kept === undefined) return { status: 'pending' };
  const video = query.data ?? kept?.video;
  if (!video) return { status: 'not-offline' };
  return { status: 'ready', video, playable: kept !== null };
}

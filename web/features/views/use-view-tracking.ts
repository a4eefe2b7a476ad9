import { type RefObject, useEffect } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { useSession } from '../../lib/session';
import { createViewTracker } from './view-tracker';

const STEP_SECONDS = LIMITS.shortProgressEveryMs / 1000;

/** Short feed: a view for the current short while signed in, progress every 5 s of play. */
export function useShortViewTracking(short: Video, videoRef: RefObject<HTMLVideoElement | null>) {
  const userId = useSession().info?.user?.id;
  useEffect(() => {
    if (!userId) return;
    const tracker = createViewTracker('shorts', short.id, userId);
    let watched = 0;
    const timer = setInterval(() => {
      const video = videoRef.current;
      if (!video || video.paused) return;
      watched += STEP_SECONDS;
      tracker.progress(watched, false);
    }, LIMITS.shortProgressEveryMs);
    return () => {
      clearInterval(timer);
      tracker.stop();
    };
  }, [short.id, userId, videoRef]);
}

/**
 * Watch page: a view while signed in, progress at each second of play, completion at the end, and
 * `onViewCounted` at each 30 s of play (the spec's growing view counter).
 */
export function useVideoViewTracking(
  video: Video,
  videoRef: RefObject<HTMLVideoElement | null>,
  onViewCounted: () => void,
) {
  const userId = useSession().info?.user?.id;
  useEffect(() => {
    const element = videoRef.current;
    if (!userId || !element) return;
    const tracker = createViewTracker('videos', video.id, userId);
    let watched = 0;
    let lastSecond = Math.floor(element.currentTime);
    const onTime = () => {
      const second = Math.floor(element.currentTime);
      if (second === lastSecond) return;
      // The player loops, so 'ended' never fires: going back to the start marks the end.
      if (second < lastSecond) tracker.progress(watched, true);
      lastSecond = second;
      watched += 1;
      tracker.progress(watched, false);
      if (watched % LIMITS.viewCounterEverySecs === 0) onViewCounted();
    };
    const onEnded = () => tracker.progress(watched, true);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('ended', onEnded);
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('ended', onEnded);
      tracker.stop();
    };
  }, [video.id, userId, videoRef, onViewCounted]);
}

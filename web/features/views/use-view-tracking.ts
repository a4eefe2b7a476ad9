import { type RefObject, useEffect, useRef } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import type { ViewContentType } from '../../../schema/views';
import { useSession } from '../../lib/session';
import { createViewTracker } from './view-tracker';

const STEP_SECONDS = LIMITS.shortProgressEveryMs / 1000;

/**
 * A view of `contentId` while signed in, progress every 5 s for which `isWatching()` holds at the
 * tick, stopped on leaving (or when the tracker gives up: 3 failures, a 429).
 */
function useTimedViewTracking(
  type: ViewContentType,
  contentId: string | null,
  isWatching: () => boolean,
  media?: RefObject<HTMLVideoElement | null>,
) {
  const userId = useSession().info?.user?.id;
  // Read at each tick: a new closure each render must not restart the view.
  const watchingRef = useRef(isWatching);
  watchingRef.current = isWatching;
  useEffect(() => {
    if (!userId || !contentId) return;
    const tracker = createViewTracker(type, contentId, userId);
    let watched = 0;
    const timer = setInterval(() => {
      if (!watchingRef.current()) return;
      watched += STEP_SECONDS;
      tracker.progress(watched, false);
    }, LIMITS.shortProgressEveryMs);
    // A short that plays to its end is a completed view (it grows the viewer's garden, issue 12).
    const element = media?.current;
    const onEnded = () => tracker.progress(Math.max(watched, Math.round(element?.currentTime ?? 0)), true);
    element?.addEventListener('ended', onEnded);
    return () => {
      clearInterval(timer);
      element?.removeEventListener('ended', onEnded);
      tracker.stop();
    };
  }, [type, contentId, userId, media]);
}

/** Short feed: a view for the current short while signed in, progress every 5 s of play. */
export function useShortViewTracking(short: Video, videoRef: RefObject<HTMLVideoElement | null>) {
  useTimedViewTracking('shorts', short.id, () => videoRef.current?.paused === false, videoRef);
}

/**
 * A view of the live session while signed in (live §4 View tracking): started on the session,
 * progress every 5 s while the stream is on air and the page is in view, stopped after 3 failures,
 * a 429, or on leaving.
 */
export function useStreamViewTracking(sessionId: string | null, isLive: boolean) {
  useTimedViewTracking('streams', sessionId, () => isLive && !document.hidden);
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

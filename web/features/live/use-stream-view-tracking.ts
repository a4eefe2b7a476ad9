import { useEffect, useRef } from 'react';
import { LIMITS } from '../../../schema/constants';
import { useSession } from '../../lib/session';
import { createViewTracker } from '../views/view-tracker';

const STEP_SECONDS = LIMITS.shortProgressEveryMs / 1000;

/**
 * A view of the live session while signed in (live §4 View tracking): started on the session,
 * progress every 5 s while the stream is on air, stopped after 3 failures, a 429, or on leaving.
 */
export function useStreamViewTracking(sessionId: string | null, isLive: boolean) {
  const userId = useSession().info?.user?.id;
  const liveRef = useRef(isLive);
  liveRef.current = isLive;

  useEffect(() => {
    if (!userId || !sessionId) return;
    const tracker = createViewTracker('streams', sessionId, userId);
    let watched = 0;
    const timer = setInterval(() => {
      if (!liveRef.current || document.hidden) return;
      watched += STEP_SECONDS;
      tracker.progress(watched, false);
    }, LIMITS.shortProgressEveryMs);
    return () => {
      clearInterval(timer);
      tracker.stop();
    };
  }, [sessionId, userId]);
}

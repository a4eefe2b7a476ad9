import { LIMITS } from '../../../schema/constants';
import type { ViewContentType } from '../../../schema/views';
import { ApiRequestError } from '../../lib/api';
import { startView, updateView } from './api';

export type ViewTracker = {
  /** Sends the seconds watched so far (and completion); ignored once tracking has stopped. */
  progress: (watchDuration: number, isCompleted: boolean) => void;
  stop: () => void;
};

/**
 * Starts a view of one item and reports progress (content §4): after `LIMITS.viewMaxFailures`
 * failed calls in a row, or a 429 (logged as a warning), tracking stops for this item.
 */
export function createViewTracker(type: ViewContentType, contentId: string, userId: string): ViewTracker {
  let stopped = false;
  let failures = 0;
  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 429) {
      console.warn('View tracking rate limited; stopping for this item');
      stopped = true;
      return;
    }
    failures += 1;
    if (failures >= LIMITS.viewMaxFailures) stopped = true;
  };
  const viewId = startView(type, contentId, userId).catch((error: unknown) => {
    fail(error);
    stopped = true;
    return null;
  });
  return {
    progress: (watchDuration, isCompleted) => {
      if (stopped) return;
      void viewId.then(async (id) => {
        if (!id || stopped) return;
        try {
          await updateView(id, watchDuration, isCompleted);
          failures = 0;
        } catch (error) {
          fail(error);
        }
      });
    },
    stop: () => {
      stopped = true;
    },
  };
}

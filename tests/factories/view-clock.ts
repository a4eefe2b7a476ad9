import { vi } from 'vitest';
import { viewClock } from '../../worker/api/views/clock';

/**
 * Holds the views API's clock at a time the test moves, so a test can let a video's length (or 30
 * minutes) pass without waiting. `vi.restoreAllMocks()` lets go of it.
 */
export const holdViewClock = (start = Date.now()) => {
  let now = start;
  vi.spyOn(viewClock, 'now').mockImplementation(() => now);
  return {
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
};

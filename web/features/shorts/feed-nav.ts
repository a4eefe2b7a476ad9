import { LIMITS } from '../../../schema/constants';

/* Pure rules of the shorts feed (content §4, §9). */

/** Index `index + step` in a list of `length`: wrapping around both ends, or held at them. */
export function stepIndex(index: number, step: number, length: number, wrap: boolean): number {
  if (length <= 0) return 0;
  const next = index + step;
  if (wrap) return ((next % length) + length) % length;
  return Math.min(Math.max(next, 0), length - 1);
}

/**
 * Whether to load the next page: 3 or fewer items remain ahead of the current one and the last
 * page came back full (a shorter page means the end).
 */
export function shouldLoadNextPage(
  index: number,
  loaded: number,
  lastPageSize: number,
  pageSize: number = LIMITS.shortsPageSize,
): boolean {
  return loaded - 1 - index <= LIMITS.shortsPrefetchRemaining && lastPageSize >= pageSize;
}

/** The next page's offset: the number of shorts already loaded; none after a short page. */
export function nextPageOffset(
  pages: readonly { items: readonly unknown[] }[],
  pageSize: number = LIMITS.shortsPageSize,
): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.items.length < pageSize) return undefined;
  return pages.reduce((sum, page) => sum + page.items.length, 0);
}

/** A vertical swipe of more than 50 px: up moves to the next short, down to the previous. */
export function swipeDirection(
  startY: number,
  endY: number,
  threshold: number = LIMITS.swipeThresholdPx,
): 1 | -1 | 0 {
  const delta = startY - endY;
  if (Math.abs(delta) <= threshold) return 0;
  return delta > 0 ? 1 : -1;
}

/**
 * A wheel gate: a turn passes when the wheel has been quiet for `lockMs`, and every turn, passing
 * or not, holds the gate shut for `lockMs` more. A trackpad flick is a burst of events with an
 * inertia tail longer than any fixed lock, so it moves one short however long it lasts.
 */
export function createWheelLock(lockMs: number = LIMITS.wheelLockMs): (now: number) => boolean {
  let lockedUntil = Number.NEGATIVE_INFINITY;
  return (now) => {
    const passes = now >= lockedUntil;
    lockedUntil = now + lockMs;
    return passes;
  };
}

import { describe, expect, it } from 'vitest';
import {
  createWheelLock,
  nextPageOffset,
  shouldLoadNextPage,
  stepIndex,
  swipeDirection,
} from '../../../web/features/shorts/feed-nav';

const page = (size: number) => ({ items: Array.from({ length: size }, (_, i) => i) });

describe('stepIndex', () => {
  it('wraps from the last short to the first and back on /s/', () => {
    expect(stepIndex(4, 1, 5, true)).toBe(0);
    expect(stepIndex(0, -1, 5, true)).toBe(4);
    expect(stepIndex(2, 1, 5, true)).toBe(3);
  });

  it('holds at both ends on /reels', () => {
    expect(stepIndex(4, 1, 5, false)).toBe(4);
    expect(stepIndex(0, -1, 5, false)).toBe(0);
    expect(stepIndex(1, 1, 5, false)).toBe(2);
  });

  it('answers 0 for an empty list', () => {
    expect(stepIndex(0, 1, 0, true)).toBe(0);
  });
});

describe('shouldLoadNextPage', () => {
  it('loads the next page when 3 or fewer shorts remain and the last page was full', () => {
    expect(shouldLoadNextPage(16, 20, 20)).toBe(true);
    expect(shouldLoadNextPage(19, 20, 20)).toBe(true);
  });

  it('waits while more than 3 remain', () => {
    expect(shouldLoadNextPage(15, 20, 20)).toBe(false);
  });

  it('stops once a page came back with fewer than 20', () => {
    expect(shouldLoadNextPage(38, 39, 19)).toBe(false);
  });
});

describe('nextPageOffset', () => {
  it('is the number of shorts already loaded', () => {
    expect(nextPageOffset([page(20)])).toBe(20);
    expect(nextPageOffset([page(20), page(20)])).toBe(40);
  });

  it('is undefined after a short page', () => {
    expect(nextPageOffset([page(20), page(7)])).toBeUndefined();
    expect(nextPageOffset([])).toBeUndefined();
  });
});

describe('swipeDirection', () => {
  it('moves to the next short on a swipe up of more than 50 px', () => {
    expect(swipeDirection(500, 420)).toBe(1);
  });

  it('moves to the previous short on a swipe down of more than 50 px', () => {
    expect(swipeDirection(300, 400)).toBe(-1);
  });

  it('ignores swipes of 50 px or less', () => {
    expect(swipeDirection(300, 350)).toBe(0);
    expect(swipeDirection(300, 251)).toBe(0);
  });
});

describe('createWheelLock', () => {
  it('lets a turn through after 300 ms of quiet', () => {
    const passes = createWheelLock();
    expect(passes(1000)).toBe(true);
    expect(passes(1299)).toBe(false);
    expect(passes(1599)).toBe(true);
  });

  it('counts one flick of 25 events within a second as one turn', () => {
    const passes = createWheelLock();
    const flick = Array.from({ length: 25 }, (_, at) => passes(1000 + at * 40));
    expect(flick.filter(Boolean)).toHaveLength(1);
    expect(flick[0]).toBe(true);
  });

  it('lets the next flick through once the last one has been quiet for 300 ms', () => {
    const passes = createWheelLock();
    for (let at = 0; at < 25; at += 1) passes(1000 + at * 40);
    // The first flick's last event came at 1960 ms.
    expect(passes(2259)).toBe(false);
    expect(passes(2600)).toBe(true);
    expect(passes(2640)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDuration,
  formatRelativeTime,
  takeWithRest,
  truncate,
} from '../../../web/ui/format';

describe('formatDuration', () => {
  it('shows whole seconds as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(600)).toBe('10:00');
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatDuration(3725)).toBe('62:05');
  });

  it('drops fractions and treats bad input as zero', () => {
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('formatCount', () => {
  it('shows counts under 1000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });

  it('shows thousands as K with one decimal', () => {
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(15_500)).toBe('15.5K');
    expect(formatCount(999_940)).toBe('999.9K');
  });

  it('shows millions as M with one decimal', () => {
    expect(formatCount(1_000_000)).toBe('1.0M');
    expect(formatCount(3_400_000)).toBe('3.4M');
  });

  it('moves to M rather than printing 1000.0K', () => {
    expect(formatCount(999_950)).toBe('1.0M');
  });
});

describe('truncate', () => {
  it('leaves text at or under the limit alone', () => {
    expect(truncate('short', 20)).toBe('short');
    expect(truncate('exactly twenty chars', 20)).toBe('exactly twenty chars');
  });

  it('cuts longer text to the limit and adds an ellipsis', () => {
    expect(truncate('This description is far too long', 20)).toBe('This description is ...');
  });

  it('never splits an emoji', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('takeWithRest', () => {
  it('gives the first items and the count left over', () => {
    expect(takeWithRest(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], rest: 2 });
    expect(takeWithRest(['a'], 3)).toEqual({ shown: ['a'], rest: 0 });
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('says just now under a minute', () => {
    expect(formatRelativeTime('2026-05-01T11:59:30Z', now)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(formatRelativeTime('2026-05-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-05-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-04-29T12:00:00Z', now)).toBe('2 days ago');
    expect(formatRelativeTime('2026-04-17T12:00:00Z', now)).toBe('2 weeks ago');
    expect(formatRelativeTime('2025-04-01T12:00:00Z', now)).toBe('1 year ago');
  });

  it('says one of a unit without a plural', () => {
    expect(formatRelativeTime('2026-05-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(formatRelativeTime('2026-04-30T11:00:00Z', now)).toBe('1 day ago');
  });

  it('says in how long for a time ahead of the clock', () => {
    expect(formatRelativeTime('2026-05-01T14:30:00Z', now)).toBe('in 2 hours');
    expect(formatRelativeTime('2026-05-01T12:00:20Z', now)).toBe('just now');
  });

  it('gives an empty string for an unparseable time', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

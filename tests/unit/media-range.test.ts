import { describe, expect, it } from 'vitest';
import { cacheControlFor } from '../../worker/media/cache-policy';
import { resolveRange } from '../../worker/media/range';

describe('resolveRange', () => {
  it('serves the whole object without a Range header or with one it does not understand', () => {
    expect(resolveRange(undefined, 100)).toBeNull();
    expect(resolveRange('items=0-5', 100)).toBeNull();
    expect(resolveRange('bytes=0-5,10-20', 100)).toBeNull();
    expect(resolveRange('bytes=-', 100)).toBeNull();
  });

  it('resolves closed, open-ended and suffix ranges', () => {
    expect(resolveRange('bytes=0-9', 100)).toEqual({ offset: 0, length: 10 });
    expect(resolveRange('bytes=90-', 100)).toEqual({ offset: 90, length: 10 });
    expect(resolveRange('bytes=-5', 100)).toEqual({ offset: 95, length: 5 });
  });

  it('clamps an end past the object to its last byte', () => {
    expect(resolveRange('bytes=50-500', 100)).toEqual({ offset: 50, length: 50 });
    expect(resolveRange('bytes=-500', 100)).toEqual({ offset: 0, length: 100 });
  });

  it('calls a start at or past the end unsatisfiable', () => {
    expect(resolveRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(resolveRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});

describe('cacheControlFor', () => {
  it('lets browsers keep content-addressed media for a year', () => {
    expect(cacheControlFor(`videos/${'0f'.repeat(32)}.mp4`)).toContain('immutable');
    expect(cacheControlFor('uploads/abc.mp4')).toBe('public, max-age=300');
  });
});

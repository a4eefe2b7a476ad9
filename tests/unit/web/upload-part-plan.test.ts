import { describe, expect, it } from 'vitest';
import { detectVideoType } from '../../../schema/uploads';
import {
  confirmedBytes,
  formatBytes,
  partRange,
  partsToSend,
  percentOf,
} from '../../../web/features/upload/part-plan';

const MiB = 1024 * 1024;
/** 21 MiB in parts of 8 MiB: 8 + 8 + 5. */
const plan = { size: 21 * MiB, partSize: 8 * MiB, partCount: 3 };

describe('cutting a file into parts', () => {
  it('gives every part the part size and the last one the rest', () => {
    expect(partRange(plan, 1)).toEqual({ start: 0, end: 8 * MiB });
    expect(partRange(plan, 2)).toEqual({ start: 8 * MiB, end: 16 * MiB });
    expect(partRange(plan, 3)).toEqual({ start: 16 * MiB, end: 21 * MiB });
  });

  it('sends only the parts the server has not confirmed, in order', () => {
    expect(partsToSend(plan, [])).toEqual([1, 2, 3]);
    expect(partsToSend(plan, [2])).toEqual([1, 3]);
    expect(partsToSend(plan, [3, 1, 2])).toEqual([]);
  });

  it('counts the bytes of confirmed parts once each, ignoring numbers outside the plan', () => {
    expect(confirmedBytes(plan, [])).toBe(0);
    expect(confirmedBytes(plan, [1, 1])).toBe(8 * MiB);
    expect(confirmedBytes(plan, [3, 9])).toBe(5 * MiB);
    expect(confirmedBytes(plan, [1, 2, 3])).toBe(plan.size);
  });
});

describe('showing progress', () => {
  it.each([
    [0, 100, 0],
    [1, 3, 33],
    [99.9, 100, 99],
    [100, 100, 100],
    [150, 100, 100],
    [5, 0, 0],
  ])('%s of %s is %s%', (loaded, total, percent) => {
    expect(percentOf(loaded, total)).toBe(percent);
  });

  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [12.34 * MiB, '12.3 MB'],
    [4 * 1024 * MiB, '4.00 GB'],
  ])('writes %s bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('video or short', () => {
  it.each([
    [{ width: 1080, height: 1920, duration: 60 }, 'short'],
    [{ width: 1080, height: 1920, duration: 61 }, 'video'],
    [{ width: 1920, height: 1080, duration: 10 }, 'video'],
    [{ width: 720, height: 720, duration: 10 }, 'video'],
    [{ width: 0, height: 0, duration: 0 }, 'video'],
  ])('%o is a %s', (video, type) => {
    expect(detectVideoType(video)).toBe(type);
  });
});

import { describe, expect, it } from 'vitest';
import type { ReplayChatLine } from '../../../schema/replay';
import { linesBy } from '../../../web/features/replays/replay-chat-lines';

const line = (offsetSeconds: number): ReplayChatLine => ({
  id: String(offsetSeconds),
  streamKey: 'room',
  userId: 'u',
  username: 'fan',
  avatar: '',
  message: `at ${offsetSeconds}`,
  timestamp: new Date(offsetSeconds * 1000).toISOString(),
  offsetSeconds,
});

describe('a replay chat at a time', () => {
  const lines = [line(1), line(2.5), line(2.5), line(10)];

  it('shows exactly the lines said by then, whatever the seek', () => {
    expect(linesBy(lines, 0)).toBe(0);
    expect(linesBy(lines, 1)).toBe(1);
    expect(linesBy(lines, 2.4)).toBe(1);
    expect(linesBy(lines, 2.5)).toBe(3);
    expect(linesBy(lines, 9.99)).toBe(3);
    expect(linesBy(lines, 3600)).toBe(4);
    expect(linesBy([], 5)).toBe(0);
  });
});

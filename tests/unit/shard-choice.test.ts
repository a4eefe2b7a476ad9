import { describe, expect, it } from 'vitest';
import { chooseShard, MAX_CHAT_SHARDS, SHARD_CAPACITY } from '../../party/shard-choice';

describe('chooseShard', () => {
  it('keeps a small room on one shard', () => {
    expect(chooseShard([])).toBe(0);
    expect(chooseShard([SHARD_CAPACITY - 1])).toBe(0);
  });

  it('opens the next shard when the audience passes one shard’s capacity, and fills the emptier one', () => {
    expect(chooseShard([SHARD_CAPACITY])).toBe(1);
    expect(chooseShard([SHARD_CAPACITY, 10])).toBe(1);
    // 3 per shard: 7 sockets and a newcomer need 3 shards; shard 2 is the emptiest.
    expect(chooseShard([4, 3], 1, 3)).toBe(2);
    expect(chooseShard([3, 1, 2], 1, 3)).toBe(1);
  });

  it('spreads over at least the shards a bench asks for, and never past the most a room has', () => {
    expect(chooseShard([5, 5, 0], 3)).toBe(2);
    expect(chooseShard([5, 5, 0], 2)).toBe(0);
    const full = Array.from({ length: MAX_CHAT_SHARDS + 4 }, () => SHARD_CAPACITY * 2);
    full[MAX_CHAT_SHARDS + 1] = 0;
    expect(chooseShard(full)).toBeLessThan(MAX_CHAT_SHARDS);
    expect(chooseShard([1, 1], 100)).toBe(2);
  });
});

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
    expect(chooseShard([4, 3], 3)).toBe(2);
    expect(chooseShard([3, 1, 2], 3)).toBe(1);
  });

  it('spreads a few sockets when shards are made small (the tests, the bench), and never past the most a room has', () => {
    expect(chooseShard([5, 5, 0], 5)).toBe(2);
    expect(chooseShard([5, 4], 5)).toBe(1);
    const full = Array.from({ length: MAX_CHAT_SHARDS + 4 }, () => SHARD_CAPACITY * 2);
    full[MAX_CHAT_SHARDS + 1] = 0;
    expect(chooseShard(full)).toBeLessThan(MAX_CHAT_SHARDS);
    expect(
      chooseShard(
        Array.from({ length: MAX_CHAT_SHARDS }, () => 1),
        1,
      ),
    ).toBe(0);
  });
});

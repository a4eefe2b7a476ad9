/**
 * Sockets one chat shard takes before its room opens the next: well under the 32,768 hibernated
 * sockets a Durable Object holds, which leaves room for a join storm the counts have not caught up
 * with yet (docs/scale.md, "Chat"). The worker's `CHAT_SHARD_CAPACITY` var lowers it where a few
 * sockets must spread (the party tests, the fan-out bench); the public URL has no say.
 */
export const SHARD_CAPACITY = 10_000;

/** The most shards one chat room spreads over: 16 × 10,000 sockets covers 100,000+ viewers. */
export const MAX_CHAT_SHARDS = 16;

/**
 * The shard number a new socket joins, from each shard's sockets (index = shard number; missing
 * ones hold none): the room uses as few shards as its audience needs, one per `capacity` sockets
 * counting the newcomer, at most MAX_CHAT_SHARDS, and the least loaded of those (the lowest number
 * on a tie).
 */
export const chooseShard = (sockets: readonly number[], capacity = SHARD_CAPACITY): number => {
  const total = sockets.reduce((sum, count) => sum + count, 0);
  const needed = Math.ceil((total + 1) / capacity);
  const open = Math.min(Math.max(needed, 1), MAX_CHAT_SHARDS);
  let best = 0;
  for (let k = 1; k < open; k++) if ((sockets[k] ?? 0) < (sockets[best] ?? 0)) best = k;
  return best;
};

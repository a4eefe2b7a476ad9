/** Parts in flight at once: enough to fill a creator's uplink, few enough not to starve the page. */
export const PARALLEL_PARTS = 4;

/**
 * Runs `task` for every item, at most `limit` at a time, each next item as soon as a slot frees.
 * The first failure stops taking new items, aborts the tasks in flight (through the signal each
 * receives) and is the rejection; `signal` aborts it all from outside.
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, signal: AbortSignal) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const pool = new AbortController();
  const stop = () => pool.abort();
  signal.addEventListener('abort', stop, { once: true });
  const queue = [...items];
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined && !failure; item = queue.shift()) {
      try {
        await task(item, pool.signal);
      } catch (error) {
        failure ??= { error };
        pool.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, lane));
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (failure) throw (failure as { error: unknown }).error;
}

import { describe, expect, it } from 'vitest';
import { PARALLEL_PARTS, runPool } from '../../../web/features/upload/part-pool';

/** A task that resolves when told to, recording how many ran at once. */
const gatedTasks = () => {
  const gates = new Map<number, () => void>();
  let running = 0;
  let mostAtOnce = 0;
  const started: number[] = [];
  const task = (n: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      started.push(n);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      signal.addEventListener('abort', () => reject(new Error(`part ${n} aborted`)));
      gates.set(n, () => {
        running--;
        resolve();
      });
    });
  return { task, gates, started, mostAtOnce: () => mostAtOnce };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sending parts in parallel', () => {
  it('sends 3-4 parts at once and the next one as soon as a slot frees', async () => {
    expect(PARALLEL_PARTS).toBeGreaterThanOrEqual(3);
    expect(PARALLEL_PARTS).toBeLessThanOrEqual(4);
    const { task, gates, started, mostAtOnce } = gatedTasks();
    const parts = Array.from({ length: 10 }, (_, i) => i + 1);
    const done = runPool(parts, PARALLEL_PARTS, task, new AbortController().signal);
    await tick();
    expect(started).toEqual(parts.slice(0, PARALLEL_PARTS));
    gates.get(2)?.();
    await tick();
    expect(started).toEqual(parts.slice(0, PARALLEL_PARTS + 1));
    for (let n = 1; n <= 10; n++) {
      gates.get(n)?.();
      await tick();
    }
    for (const open of gates.values()) open();
    await done;
    expect(started.sort((a, b) => a - b)).toEqual(parts);
    expect(mostAtOnce()).toBe(PARALLEL_PARTS);
  });

  it('stops at the first failure: no new parts, the ones in flight aborted, that failure reported', async () => {
    const started: number[] = [];
    const aborted: number[] = [];
    const done = runPool(
      [1, 2, 3, 4, 5, 6],
      3,
      (n, signal) =>
        new Promise<void>((_, reject) => {
          started.push(n);
          if (n === 2) {
            setTimeout(() => reject(new Error('part 2 refused')), 0);
          } else {
            signal.addEventListener('abort', () => {
              aborted.push(n);
              reject(new Error(`part ${n} aborted`));
            });
          }
        }),
      new AbortController().signal,
    );
    await expect(done).rejects.toThrow('part 2 refused');
    expect(started).toEqual([1, 2, 3]);
    expect(aborted.sort()).toEqual([1, 3]);
  });

  it('aborts every part in flight when the upload is cancelled', async () => {
    const cancel = new AbortController();
    const { task } = gatedTasks();
    const done = runPool([1, 2, 3, 4, 5], 4, task, cancel.signal);
    await tick();
    cancel.abort();
    await expect(done).rejects.toThrow('aborted');
  });
});

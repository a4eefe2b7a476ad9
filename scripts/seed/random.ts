/**
 * A small seeded PRNG (mulberry32) so every seed run produces the same rows, ids and times:
 * screenshots, bug reports and e2e expectations can then refer to the demo data by value.
 */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** Random bytes, e.g. the random part of a UUIDv7. */
  bytes: (length: number) => Uint8Array;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)]!;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    // Partial Fisher-Yates: only the first `count` positions need shuffling.
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = int(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
  const bytes = (length: number): Uint8Array => Uint8Array.from({ length }, () => int(0, 255));
  return { next, int, chance: (p) => next() < p, pick, sample, bytes };
}

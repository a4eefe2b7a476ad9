import { v7 as uuidv7 } from 'uuid';
import type { Random } from './random';

/**
 * "Now" for the demo data. A constant rather than Date.now() so reruns give identical rows; the
 * demo just ages gracefully ("3 months ago") as real time moves on.
 */
export const BASE_TIME = Date.UTC(2026, 10, 20, 18, 0, 0);
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const iso = (ms: number): string => new Date(ms).toISOString();

/** A random instant in [from, to], rounded to the second like real timestamps mostly are. */
export function timeBetween(random: Random, from: number, to: number): number {
  const ms = from + random.next() * Math.max(0, to - from);
  return Math.floor(ms / 1000) * 1000;
}

/**
 * A UUIDv7 whose time part is the row's own `created_at` and whose random part comes from the
 * seeded PRNG: ids sort like the rows' times and are the same on every run.
 */
export const idAt = (random: Random, ms: number): string => uuidv7({ msecs: ms, random: random.bytes(16) });

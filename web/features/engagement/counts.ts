/** Pure helpers for optimistic engagement state (content §4): counts never go below 0. */

/** A count that never goes below 0. */
export function clampCount(count: number): number {
  return Math.max(0, count);
}

/**
 * The toggle the user sees: the last pending change when there is one, else the server's answer.
 * `pending` lists the requested states of unfinished mutations, oldest first.
 */
export function effectiveToggle(base: boolean, pending: readonly boolean[]): boolean {
  return pending.length > 0 ? (pending[pending.length - 1] as boolean) : base;
}

/** The count shown next to a toggle: the server's count moved by one when the toggle differs. */
export function toggledCount(count: number, base: boolean, shown: boolean): number {
  if (base === shown) return clampCount(count);
  return clampCount(count + (shown ? 1 : -1));
}

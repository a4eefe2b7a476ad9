import type { Video } from '../../../schema/content';
import { stepIndex } from './feed-nav';

/* Pure rules of keeping shorts for offline and loading them ahead (issue 11.3 and 11.4). */

/** Shorts kept whole on the device ahead of the viewer, so the feed keeps playing offline. */
export const FETCH_AHEAD_COUNT = 10;
/** Shorts whose players load ahead (hidden), so a swipe starts at once. */
export const PRELOAD_COUNT = 2;

/** The parts of the Network Information API the policy reads (Chromium only; absent elsewhere). */
export type ConnectionInfo = { saveData?: boolean; type?: string; effectiveType?: string };

export type FetchAheadConditions = {
  online: boolean;
  visible: boolean;
  connection: ConnectionInfo | undefined;
};

/**
 * Why nothing is fetched ahead now, or null when it may be: never offline or in a hidden tab, and
 * never when the user asked to save data or pays by the byte (cellular, or a 2G-class link).
 */
export function fetchAheadBlocked({
  online,
  visible,
  connection,
}: FetchAheadConditions): 'offline' | 'hidden' | 'save-data' | 'metered' | null {
  if (!online) return 'offline';
  if (!visible) return 'hidden';
  if (connection?.saveData) return 'save-data';
  if (connection?.type === 'cellular') return 'metered';
  if (connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g') return 'metered';
  return null;
}

/**
 * The `count` shorts after `index`, nearest first: wrapping round the list on /s/, stopping at its
 * end on /reels; the current short and repeats are left out.
 */
export function shortsAhead(shorts: readonly Video[], index: number, count: number, wrap: boolean): Video[] {
  const current = shorts[index];
  const ahead: Video[] = [];
  for (let step = 1; step <= count && step < shorts.length; step++) {
    const next = wrap ? shorts[stepIndex(index, step, shorts.length, true)] : shorts[index + step];
    if (!next) break;
    if (next.id !== current?.id && !ahead.some((item) => item.id === next.id)) ahead.push(next);
  }
  return ahead;
}

/** The nearest short ahead still to download: public (only those may be kept), not kept, not failed. */
export function nextToFetch(
  ahead: readonly Video[],
  kept: ReadonlySet<string>,
  failed: ReadonlySet<string>,
): Video | undefined {
  return ahead.find((short) => short.isPublic && !kept.has(short.id) && !failed.has(short.id));
}

/** Offline, the kept shorts come first in feed order (they play), then the rest in feed order. */
export function keptFirst(shorts: readonly Video[], kept: ReadonlySet<string>): Video[] {
  return [...shorts.filter((short) => kept.has(short.id)), ...shorts.filter((short) => !kept.has(short.id))];
}

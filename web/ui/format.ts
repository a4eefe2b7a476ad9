/** Display formatters shared by the pages. Pure functions: tested in tests/unit/web/format.test.ts. */

/** Whole seconds as m:ss (minutes are not wrapped into hours): 65 -> '1:05', 3725 -> '62:05'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Counts in K from 1,000 and M from 1,000,000 with one decimal: 999 -> '999', 1234 -> '1.2K'. */
export function formatCount(count: number): string {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  if (n < 1000) return String(n);
  // 999,950 rounds to '1000.0K': show it as '1.0M' instead.
  if (n < 1_000_000 && Number((n / 1000).toFixed(1)) < 1000) return `${(n / 1000).toFixed(1)}K`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** Cuts text to `max` characters (never splitting an emoji) and adds '...' when it was longer. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** The first `max` items, and how many are left over (for '+n'). */
export function takeWithRest<T>(items: readonly T[], max: number): { shown: T[]; rest: number } {
  return { shown: items.slice(0, max), rest: Math.max(0, items.length - max) };
}

const UNITS: [string, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * '3 minutes ago', '2 days ago'; 'just now' under a minute; 'in 2 hours' for a time ahead of this
 * device's clock. Unparseable input gives ''. English words of our own, not Intl.RelativeTimeFormat:
 * a page's first Intl object loads the browser's locale data, 16-39 ms on a desktop CPU and four
 * times that on a phone's, and home built one as its entry ran (issue 20: total blocking time).
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const diffSeconds = Math.round((then - now) / 1000);
  for (const [unit, size] of UNITS) {
    const count = Math.trunc(Math.abs(diffSeconds) / size);
    if (count === 0) continue;
    const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
    return diffSeconds < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return 'just now';
}

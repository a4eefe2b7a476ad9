import { LIMITS } from '../../../schema/constants';

/**
 * A secret stream key as dialogs show it (live §2): the first 12 characters, an ellipsis and the
 * last 4. A key too short to hide anything that way is masked whole.
 */
export function maskKey(key: string): string {
  const start = LIMITS.streamKeyShownStart;
  const end = LIMITS.streamKeyShownEnd;
  if (key.length <= start + end) return '•'.repeat(key.length);
  return `${key.slice(0, start)}…${key.slice(-end)}`;
}

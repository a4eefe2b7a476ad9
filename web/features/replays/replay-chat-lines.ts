import type { ReplayChatLine } from '../../../schema/replay';

/** How many lines had been said by `seconds` into the video (the lines are in time order). */
export function linesBy(lines: readonly ReplayChatLine[], seconds: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((lines[mid]?.offsetSeconds ?? 0) <= seconds) low = mid + 1;
    else high = mid;
  }
  return low;
}

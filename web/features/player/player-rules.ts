/** Pure rules of the player's control bar (issue 13.1): time text, keys, buffered range. */

/** Seconds as the control bar shows them: m:ss, or h:mm:ss from an hour on; 0:00 when unknown. */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The seek bar's `aria-valuetext`: "1:23 of 4:56" rather than a bare number of seconds. */
export const seekValueText = (current: number, duration: number): string =>
  `${formatClock(current)} of ${formatClock(duration)}`;

export type PlayerKeyAction =
  | { type: 'toggle' }
  | { type: 'seek'; by: number }
  | { type: 'fullscreen' }
  | { type: 'mute' }
  | { type: 'captions' };

const KEY_ACTIONS: Record<string, PlayerKeyAction> = {
  ' ': { type: 'toggle' },
  k: { type: 'toggle' },
  j: { type: 'seek', by: -10 },
  l: { type: 'seek', by: 10 },
  arrowleft: { type: 'seek', by: -5 },
  arrowright: { type: 'seek', by: 5 },
  f: { type: 'fullscreen' },
  m: { type: 'mute' },
  c: { type: 'captions' },
};

/** The YouTube keys: Space/K play or pause, J/L ±10 s, ←/→ ±5 s, F fullscreen, M mute, C captions. */
export const playerKeyAction = (key: string): PlayerKeyAction | null =>
  KEY_ACTIONS[key.toLowerCase()] ?? null;

/** The inputs that take no text: keys pressed on them may still be the player's. */
const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color']);

type KeyTarget = { tagName: string; type?: string; isContentEditable?: boolean } | null;

/** True for a field the user types into: its keys are text, never player shortcuts. */
export function isTypingTarget(target: KeyTarget): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

type Ranges = { length: number; start: (index: number) => number; end: (index: number) => number };

/**
 * How far the seek bar shows as loaded: the end of the buffered range that holds the playhead
 * (ranges further on do not help the playback now); the playhead itself when none holds it.
 */
export function bufferedEnd(ranges: Ranges, time: number): number {
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= time && time <= ranges.end(i)) return ranges.end(i);
  }
  return ranges.length === 0 ? 0 : time;
}

/**
 * How far behind hls.js's live sync position, in target durations, a live player may be and still
 * show LIVE rather than Go live: its normal jitter stays within one, and the local ingest's window
 * is only 6, so a fixed 8 s slack could never be exceeded on 1 s segments.
 */
export const LIVE_EDGE_SLACK_TARGETS = 2;

/** True while `currentTime` is within the slack of the live sync position (issue 20 §5). */
export const atLiveEdge = (currentTime: number, syncPosition: number, targetDuration: number): boolean =>
  currentTime >= syncPosition - LIVE_EDGE_SLACK_TARGETS * targetDuration;

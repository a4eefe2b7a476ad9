import { describe, expect, it } from 'vitest';
import {
  atLiveEdge,
  bufferedEnd,
  formatClock,
  isTypingTarget,
  playerKeyAction,
  seekValueText,
} from '../../../web/features/player/player-rules';

const ranges = (...spans: [number, number][]) => ({
  length: spans.length,
  start: (i: number) => spans[i]?.[0] ?? 0,
  end: (i: number) => spans[i]?.[1] ?? 0,
});

describe('the player controls', () => {
  it('writes times as m:ss, and h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(83.9)).toBe('1:23');
    expect(formatClock(296)).toBe('4:56');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('names the seek bar’s value for screen readers as "1:23 of 4:56"', () => {
    expect(seekValueText(83, 296)).toBe('1:23 of 4:56');
  });

  it('maps the keys: Space and K toggle, J/L ±10 s, arrows ±5 s, F fullscreen, M mute, C captions', () => {
    expect(playerKeyAction(' ')).toEqual({ type: 'toggle' });
    expect(playerKeyAction('k')).toEqual({ type: 'toggle' });
    expect(playerKeyAction('K')).toEqual({ type: 'toggle' });
    expect(playerKeyAction('j')).toEqual({ type: 'seek', by: -10 });
    expect(playerKeyAction('l')).toEqual({ type: 'seek', by: 10 });
    expect(playerKeyAction('ArrowLeft')).toEqual({ type: 'seek', by: -5 });
    expect(playerKeyAction('ArrowRight')).toEqual({ type: 'seek', by: 5 });
    expect(playerKeyAction('f')).toEqual({ type: 'fullscreen' });
    expect(playerKeyAction('m')).toEqual({ type: 'mute' });
    expect(playerKeyAction('c')).toEqual({ type: 'captions' });
    expect(playerKeyAction('x')).toBeNull();
    expect(playerKeyAction('ArrowUp')).toBeNull();
  });

  it('never takes keys typed into a field', () => {
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'range' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BODY' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('shows as buffered the end of the range that holds the playhead', () => {
    expect(bufferedEnd(ranges(), 3)).toBe(0);
    expect(bufferedEnd(ranges([0, 10], [20, 40]), 3)).toBe(10);
    expect(bufferedEnd(ranges([0, 10], [20, 40]), 25)).toBe(40);
    expect(bufferedEnd(ranges([0, 10], [20, 40]), 15)).toBe(15);
  });

  it('shows LIVE within 2 target durations behind the live sync position, Go live past that', () => {
    // 1 s segments (the studio's): 2 s behind is still live, a moment more is not.
    expect(atLiveEdge(100, 100, 1)).toBe(true);
    expect(atLiveEdge(101, 100, 1)).toBe(true);
    expect(atLiveEdge(98, 100, 1)).toBe(true);
    expect(atLiveEdge(97.9, 100, 1)).toBe(false);
    // 2 s segments: 4 s.
    expect(atLiveEdge(96.5, 100, 2)).toBe(true);
    expect(atLiveEdge(95, 100, 2)).toBe(false);
  });
});

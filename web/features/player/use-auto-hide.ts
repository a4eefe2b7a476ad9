import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';

/** How long the controls stay after the pointer last moved, while the video plays. */
export const CONTROLS_HIDE_MS = 3000;

/**
 * Whether the control bar shows: always while paused or while a keyboard focus (`:focus-visible`)
 * is in the player; while playing, for 3 s after the pointer moves (or a key acts). `wake` starts
 * those 3 s again. A control clicked with the pointer keeps its focus but not the bar.
 */
export function useAutoHide(playing: boolean) {
  const [awake, setAwake] = useState(true);
  const [focused, setFocused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const wake = useCallback(() => {
    setAwake(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAwake(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => {
    if (playing) wake();
    return () => clearTimeout(timer.current);
  }, [playing, wake]);

  return {
    shown: !playing || awake || focused,
    wake,
    frameProps: {
      onPointerMove: wake,
      onFocus: (event: FocusEvent<HTMLElement>) => setFocused(event.target.matches(':focus-visible')),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}

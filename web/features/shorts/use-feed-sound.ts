import { useEffect } from 'react';
import { hadGesture, soundStore } from '../player/sound-preference';

const isSoundKey = (event: KeyboardEvent) => event.key === 'm' || event.key === 'M';
const isSoundControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-sound-control]') !== null;

/** Sound is wanted but the browser held it back, and this gesture lets the browser allow it. */
const unblocks = () => {
  const state = soundStore.get();
  return state.soundOn && state.blocked && hadGesture();
};

/**
 * The first tap, click or key on the feed's page brings the sound the viewer wants, which the
 * browser held back until a gesture. The sound's own controls (the button, M) decide for
 * themselves; a tap on the short itself only unmutes it, rather than also pausing it.
 */
export function useUnmuteOnGesture() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isSoundControl(event.target) || !unblocks()) return;
      soundStore.allowSound();
      if (event.target instanceof HTMLVideoElement) event.stopPropagation();
    };
    const onKey = (event: KeyboardEvent) => {
      if (isSoundKey(event) || !unblocks()) return;
      soundStore.allowSound();
    };
    // Capture: seen before the short's own click handler, which toggles play.
    document.addEventListener('click', onClick, { capture: true });
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('keydown', onKey);
    };
  }, []);
}

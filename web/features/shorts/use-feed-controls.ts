import { type RefObject, useEffect, useRef } from 'react';
import { createWheelLock, swipeDirection } from './feed-nav';

type FeedControls = {
  enabled: boolean;
  onStep: (step: 1 | -1) => void;
  onTogglePlay: () => void;
  onToggleSound: () => void;
};

/** Whether a key went to a text field (where keys are text, not shortcuts). */
export const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Whether a dialog is open over the page (tip, sign-in, confirm…): each of ours is a native
 * <dialog>, so one query sees them all, whichever feature opened it.
 */
export const dialogOpen = () => document.querySelector('dialog[open]') !== null;

const isOn = (controls: FeedControls) => controls.enabled && !dialogOpen();

/**
 * Keyboard (ArrowDown/Space next, ArrowUp previous, Enter play/pause, M sound), wheel (one short
 * per gesture: the lock holds until the wheel has been quiet for 300 ms) and
 * touch swipe (over 50 px) on the feed; all off while `enabled` is false (comments open) or a
 * dialog is open, so nothing moves the feed under what the viewer is doing there.
 */
export function useFeedControls(areaRef: RefObject<HTMLElement | null>, controls: FeedControls) {
  const latest = useRef(controls);
  latest.current = controls;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { onStep, onTogglePlay, onToggleSound } = latest.current;
      if (!isOn(latest.current) || event.defaultPrevented || isTyping(event.target)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowDown' || event.key === ' ') onStep(1);
      else if (event.key === 'ArrowUp') onStep(-1);
      else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) onTogglePlay();
      else if (event.key === 'm' || event.key === 'M') onToggleSound();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const wheelPasses = createWheelLock();
    let startY: number | null = null;
    const onWheel = (event: WheelEvent) => {
      if (!isOn(latest.current) || event.deltaY === 0) return;
      event.preventDefault();
      if (wheelPasses(event.timeStamp)) latest.current.onStep(event.deltaY > 0 ? 1 : -1);
    };
    const onTouchStart = (event: TouchEvent) => {
      startY = event.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (event: TouchEvent) => {
      // The feed moves by swipes, not by scrolling the page.
      if (isOn(latest.current) && startY !== null) event.preventDefault();
    };
    const onTouchEnd = (event: TouchEvent) => {
      const endY = event.changedTouches[0]?.clientY;
      if (startY === null || endY === undefined || !isOn(latest.current)) return;
      const step = swipeDirection(startY, endY);
      startY = null;
      if (step !== 0) latest.current.onStep(step);
    };
    area.addEventListener('wheel', onWheel, { passive: false });
    area.addEventListener('touchstart', onTouchStart, { passive: true });
    area.addEventListener('touchmove', onTouchMove, { passive: false });
    area.addEventListener('touchend', onTouchEnd);
    return () => {
      area.removeEventListener('wheel', onWheel);
      area.removeEventListener('touchstart', onTouchStart);
      area.removeEventListener('touchmove', onTouchMove);
      area.removeEventListener('touchend', onTouchEnd);
    };
  }, [areaRef]);
}

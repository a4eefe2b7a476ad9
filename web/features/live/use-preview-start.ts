import { useEffect, useRef, useState } from 'react';

/*
 * When a home live card may start its moving preview (issue 20 §1): the card shows a still image
 * first, so hls.js and media segments are never on the page's critical path. The preview starts on
 * hover or focus; on a device that cannot hover (a phone), once the card has been in view after the
 * page has loaded, its largest paint is reported, and the main thread is idle.
 */

/** True once the element has come within 200 px of the viewport; it stays true after that. */
function useSeen() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** Resolves once a largest-contentful-paint entry exists; at once where the browser reports none. */
const largestPaintReported = () =>
  new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return resolve();
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });

/** True on a device whose main pointer cannot hover: only there does a preview start by itself. */
const cannotHover = () => window.matchMedia('(hover: none)').matches;

/** True once the page is loaded, painted and idle, on a device that cannot hover; false elsewhere. */
function useIdleOnTouch() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!cannotHover()) return;
    let cancelled = false;
    void loaded()
      .then(largestPaintReported)
      .then(idle)
      .then(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return ready;
}

/**
 * The card's preview trigger: `ref` goes on the card's media box, `handlers` on the card, and
 * `start` turns true for good once the preview may load.
 */
export function usePreviewStart() {
  const { ref, seen } = useSeen();
  const [asked, setAsked] = useState(false);
  const idleOnTouch = useIdleOnTouch();
  const ask = () => setAsked(true);
  return {
    ref,
    start: asked || (seen && idleOnTouch),
    handlers: { onPointerEnter: ask, onFocus: ask },
  };
}

import { useState } from 'react';

/*
 * When a home live card may start its moving preview (issue 20 §1): the card shows a still image,
 * so hls.js and media segments are never on the page's critical path, and the preview starts only
 * when asked for, on hover or keyboard focus. A phone cannot hover: it keeps the still, and a tap
 * opens the stream. Starting by itself once the page is idle would spend some 180 KB of hls.js and
 * half a megabyte of segments a minute of the viewer's data plan on a picture they did not ask to
 * move, and hls.js's work then still lands while the page is in use (Lighthouse counted 240 ms of
 * blocking from it on home).
 */

/**
 * The card's preview trigger: `handlers` go on the card, and `start` turns true for good once the
 * preview may load.
 */
export function usePreviewStart() {
  const [asked, setAsked] = useState(false);
  const ask = () => setAsked(true);
  return {
    start: asked,
    // A touch also sends pointerenter on its way to the tap that opens the stream: only a mouse or
    // pen hovers.
    handlers: {
      onPointerEnter: (event: { pointerType: string }) => event.pointerType !== 'touch' && ask(),
      onFocus: ask,
    },
  };
}

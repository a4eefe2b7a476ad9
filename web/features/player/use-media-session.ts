import { type RefObject, useEffect } from 'react';

/** What the system's media controls (lock screen, headset, notification) show for the video. */
export type MediaSessionInfo = { title: string; artist: string; artwork?: string };

const SEEK_STEP_SECONDS = 10;

/**
 * Names the playing video to the Media Session (title, creator, poster) and lets the system's
 * play, pause and seek buttons drive it. Cleared on unmount so a page left behind names nothing.
 */
export function useMediaSession(videoRef: RefObject<HTMLVideoElement | null>, info: MediaSessionInfo) {
  const { title, artist, artwork } = info;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title,
      artist,
      artwork: artwork ? [{ src: new URL(artwork, window.location.href).href }] : [],
    });
    const seekBy = (seconds: number) => {
      video.currentTime = Math.max(0, video.currentTime + seconds);
    };
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void video.play().catch(() => undefined)],
      ['pause', () => video.pause()],
      ['seekbackward', (details) => seekBy(-(details.seekOffset ?? SEEK_STEP_SECONDS))],
      ['seekforward', (details) => seekBy(details.seekOffset ?? SEEK_STEP_SECONDS)],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) video.currentTime = details.seekTime;
        },
      ],
    ];
    const setHandler = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser that does not know an action refuses it; the others still work.
      }
    };
    for (const [action, handler] of handlers) setHandler(action, handler);
    return () => {
      session.metadata = null;
      for (const [action] of handlers) setHandler(action, null);
    };
  }, [videoRef, title, artist, artwork]);
}

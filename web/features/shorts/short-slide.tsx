import { forwardRef, type RefObject, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import { markWatched } from '../../data/offline-media-store';
import { playWithSound, useSound } from '../player/sound-preference';
import { useShortViewTracking } from '../views/use-view-tracking';

export type ShortSlideHandle = { togglePlay: () => void; replay: () => void };

type ShortSlideProps = {
  short: Video;
  /** The short on screen; the others are its neighbours, loaded ahead out of sight. */
  active: boolean;
  /** False offline for a short whose file is not on the device. */
  available: boolean;
  onEnded: () => void;
  /** The active short can play: downloads ahead may start. */
  onReady: (shortId: string) => void;
};

/** Counts the view of the short on screen only (a neighbour loading ahead is not watched). */
function ActiveShortViews({
  short,
  videoRef,
}: {
  short: Video;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  useShortViewTracking(short, videoRef);
  return null;
}

/**
 * One short of the feed, full height. Neighbours are the same element out of sight with the file
 * loading, so a swipe shows the next short by revealing and playing an element that already holds
 * its first frames. The short on screen plays with the viewer's sound (muted while the browser
 * holds sound back), a click toggles play, the end moves on. Neighbours stay muted.
 */
export const ShortSlide = forwardRef<ShortSlideHandle, ShortSlideProps>(function ShortSlide(
  { short, active, available, onEnded, onReady },
  ref,
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { muted } = useSound();
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void playWithSound(video);
    else video.pause();
  };
  const replay = () => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = 0;
    void playWithSound(video);
  };
  useImperativeHandle(ref, () => ({ togglePlay, replay }));

  // Before paint: the revealed short starts playing in the same frame that shows it.
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!active) {
      // Back out of sight: the next visit starts from the beginning, as a new short would.
      video.pause();
      if (video.currentTime > 0) video.currentTime = 0;
      return;
    }
    void playWithSound(video);
    const ready = () => readyRef.current(short.id);
    // A file that fails counts as ready too: nothing would ever come after it otherwise.
    if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA || video.error) {
      ready();
      return;
    }
    video.addEventListener('canplay', ready, { once: true });
    video.addEventListener('error', ready, { once: true });
    return () => {
      video.removeEventListener('canplay', ready);
      video.removeEventListener('error', ready);
    };
  }, [active, short.id]);

  if (!available) {
    return active ? (
      <div className="shorts-unavailable" data-testid="short-unavailable">
        {MESSAGES.feed.notAvailableOffline}
      </div>
    ) : null;
  }
  return (
    <>
      {active && <ActiveShortViews short={short} videoRef={videoRef} />}
      <video
        ref={videoRef}
        data-testid={active ? 'short-player' : undefined}
        data-preload={active ? undefined : ''}
        className="shorts-video"
        aria-hidden={active ? undefined : true}
        tabIndex={active ? undefined : -1}
        src={short.videoUrl}
        poster={short.thumbnail}
        muted={!active || muted}
        playsInline
        preload="auto"
        onClick={togglePlay}
        onEnded={active ? onEnded : undefined}
        // Eviction keeps what is watched; a short that is not kept is left alone.
        onPlaying={() => void markWatched(short.id)}
      />
    </>
  );
});

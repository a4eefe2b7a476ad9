import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { Video } from '../../../schema/content';
import { useShortViewTracking } from '../views/use-view-tracking';

export type ShortSlideHandle = { togglePlay: () => void };

type ShortSlideProps = { short: Video; onEnded: () => void };

/** The current short, full height: autoplays muted, a click toggles play, the end moves on. */
export const ShortSlide = forwardRef<ShortSlideHandle, ShortSlideProps>(function ShortSlide(
  { short, onEnded },
  ref,
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useShortViewTracking(short, videoRef);
  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    // play() rejects when the browser blocks it: the short simply stays paused.
    if (video.paused) video.play().catch(() => undefined);
    else video.pause();
  };
  useImperativeHandle(ref, () => ({ togglePlay }));
  return (
    <video
      key={short.id}
      ref={videoRef}
      data-testid="short-player"
      className="shorts-video"
      src={short.videoUrl}
      poster={short.thumbnail}
      autoPlay
      muted
      playsInline
      preload="auto"
      onClick={togglePlay}
      onEnded={onEnded}
    />
  );
});

/** Neighbours load ahead so moving to them starts at once. */
export function ShortPreloads({ shorts }: { shorts: readonly Video[] }) {
  return (
    <div hidden>
      {shorts.map((short) => (
        <video key={short.id} src={short.videoUrl} preload="auto" muted tabIndex={-1} data-preload />
      ))}
    </div>
  );
}

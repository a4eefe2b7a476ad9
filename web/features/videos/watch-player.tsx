import { useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { useVideoViewTracking } from '../views/use-view-tracking';

/**
 * The watch page's player: loops, autoplays (muted, as browsers allow), no download, a click
 * toggles play. Signed-in views report each second of play and the end of a loop.
 */
export function WatchPlayer({ video }: { video: Video }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  useVideoViewTracking(video, videoRef);
  const togglePlay = () => {
    const element = videoRef.current;
    if (!element) return;
    // play() rejects when the browser blocks it: the video simply stays paused.
    if (element.paused) element.play().catch(() => undefined);
    else element.pause();
  };
  return (
    <div className="watch-player">
      <video
        key={video.id}
        ref={videoRef}
        className="watch-video"
        data-testid="video-player"
        src={video.videoUrl}
        poster={video.thumbnail}
        autoPlay
        loop
        muted={muted}
        playsInline
        controlsList="nodownload"
        onClick={togglePlay}
        onContextMenu={(event) => event.preventDefault()}
      />
      <button type="button" className="button watch-mute" onClick={() => setMuted((m) => !m)}>
        {muted ? 'Unmute' : 'Mute'}
      </button>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { markWatched } from '../../data/offline-media-store';
import { useVideoViewTracking } from '../views/use-view-tracking';
import { videoQueryOptions } from './video-queries';

/**
 * The watch page's player: loops, autoplays (muted, as browsers allow), no download, a click
 * toggles play. Signed-in views report each second of play and the end of a loop, and every
 * 30 s of play adds one to the views shown.
 */
export function WatchPlayer({ video }: { video: Video }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const queryClient = useQueryClient();
  // Every 30 s of play the views line grows by one; the next read of the video shows the server's count.
  const countView = useCallback(
    () =>
      queryClient.setQueryData(videoQueryOptions(video.id).queryKey, (current) =>
        current ? { ...current, views: current.views + 1 } : current,
      ),
    [queryClient, video.id],
  );
  useVideoViewTracking(video, videoRef, countView);
  // A kept video that plays moves to the back of the eviction line (least recently watched goes first).
  const watched = useRef<string | null>(null);
  const onPlaying = () => {
    if (watched.current === video.id) return;
    watched.current = video.id;
    markWatched(video.id).catch(() => undefined);
  };
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
        onPlaying={onPlaying}
        onContextMenu={(event) => event.preventDefault()}
      />
      <button type="button" className="button watch-mute" onClick={() => setMuted((m) => !m)}>
        {muted ? 'Unmute' : 'Mute'}
      </button>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { Video } from '../../../schema/content';
import { markWatched } from '../../data/offline-media-store';
import { PlayerFrame } from '../player/player-frame';
import { useVideoViewTracking } from '../views/use-view-tracking';
import { videoQueryOptions } from './video-queries';

/**
 * The watch page's player: loops, autoplays (muted, as browsers allow), no download, a click
 * toggles play, and the player's control bar (seek, time, volume, speed, CC when the video has
 * captions, picture-in-picture, fullscreen, keys). Signed-in views report each second of play and
 * the end of a loop, and every 30 s of play adds one to the views shown.
 */
export function WatchPlayer({ video }: { video: Video }) {
  // A new video is a new element and a new player: nothing of the last one's state carries over.
  return <WatchPlayerOf key={video.id} video={video} />;
}

function WatchPlayerOf({ video }: { video: Video }) {
  const videoRef = useRef<HTMLVideoElement>(null);
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
  const watched = useRef(false);
  const onPlaying = () => {
    if (watched.current) return;
    watched.current = true;
    markWatched(video.id).catch(() => undefined);
  };
  const togglePlay = () => {
    const element = videoRef.current;
    if (!element) return;
    // play() rejects when the browser blocks it: the video simply stays paused.
    if (element.paused) element.play().catch(() => undefined);
    else element.pause();
  };
  // A record kept offline before captions existed has no captionsUrl at all.
  const captionsUrl = video.captionsUrl ?? null;
  return (
    <PlayerFrame
      videoRef={videoRef}
      className="watch-player"
      hasCaptions={captionsUrl !== null}
      session={{ title: video.title, artist: video.creator, artwork: video.thumbnail || undefined }}
    >
      <video
        ref={videoRef}
        className="watch-video"
        data-testid="video-player"
        src={video.videoUrl}
        poster={video.thumbnail}
        autoPlay
        loop
        muted
        playsInline
        controlsList="nodownload"
        onClick={togglePlay}
        onPlaying={onPlaying}
        onContextMenu={(event) => event.preventDefault()}
      >
        {captionsUrl && <track kind="captions" src={captionsUrl} srcLang="en" label="Captions" />}
      </video>
    </PlayerFrame>
  );
}

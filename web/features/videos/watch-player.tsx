import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Video } from '../../../schema/content';
import { markWatched } from '../../data/offline-media-store';
import { PlayerFrame } from '../player/player-frame';
import { playWithSound } from '../player/sound-preference';
import { useVideoViewTracking } from '../views/use-view-tracking';
import { videoQueryOptions } from './video-queries';

/**
 * The watch page's player: loops, starts by itself with the viewer's sound (a video opened by a
 * click or tap has sound; opened with no gesture on the page, the browser may only let it play
 * muted, and the bar shows it muted), no download, a click
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
    if (element.paused) void playWithSound(element);
    else element.pause();
  };
  useEffect(() => {
    if (videoRef.current) void playWithSound(videoRef.current);
  }, []);
  // A record kept offline before captions existed has no captionsUrl at all.
  const captionsUrl = video.captionsUrl ?? null;
  return (
    <PlayerFrame
      videoRef={videoRef}
      className="watch-player"
      hasCaptions={captionsUrl !== null}
      session={{ title: video.title, artist: video.creator, artwork: video.thumbnail || undefined }}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the track below shows when the creator added captions; a video without them has none to offer */}
      <video
        ref={videoRef}
        className="watch-video"
        data-testid="video-player"
        src={video.videoUrl}
        poster={video.thumbnail}
        loop
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

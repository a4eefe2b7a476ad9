import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type PlayerActions, PlayerControls } from './player-controls';
import type { PlayerKeyAction } from './player-rules';
import type { QualityOption } from './player-state';
import { soundStore } from './sound-preference';
import { useAutoHide } from './use-auto-hide';
import { type MediaSessionInfo, useMediaSession } from './use-media-session';
import { useMediaState } from './use-media-state';
import { usePlayerKeys } from './use-player-keys';
import './player-controls.css';

/** Behind the live window's end by more than this, the edge button offers 'Go live'. */
const LIVE_EDGE_SLACK_SECONDS = 8;

type PlayerFrameProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The <video> (with its caption track) and any overlay over it. */
  children: ReactNode;
  className?: string;
  /** False while there is nothing to control (a live player's loading or message states). */
  controls?: boolean;
  /**
   * A stream: while it has no end (duration Infinity) the edge button replaces the seek bar and
   * `goLive` jumps to the edge; a finished playlist (a replay, ENDLIST) gets the seek bar.
   */
  live?: { goLive: () => void; isAtEdge?: () => boolean | undefined };
  quality?: { options: QualityOption[]; level: number; setLevel: (level: number) => void };
  /** The video has a caption track (the first text track): the CC button shows. */
  hasCaptions?: boolean;
  session: MediaSessionInfo;
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
const pipSupported = () => typeof document !== 'undefined' && document.pictureInPictureEnabled === true;

/**
 * One player for recorded and live video (issue 13.1): the native <video> with our own control
 * bar (no library: package.json is frozen this session, and a bar of ours is a few KB loaded only
 * by the watch and live pages). Fullscreen is the frame's, so the bar stays in it; the keys work
 * on the page and in the player; the Media Session names what plays.
 */
export function PlayerFrame({
  videoRef,
  children,
  className,
  controls = true,
  live,
  quality,
  hasCaptions = false,
  session,
}: PlayerFrameProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const media = useMediaState(videoRef);
  const [fullscreen, setFullscreen] = useState(false);
  const [captionsOn, setCaptionsOn] = useState(false);
  const hide = useAutoHide(!media.paused);
  useMediaSession(videoRef, session);

  useEffect(() => {
    const onChange = () =>
      setFullscreen(!!frameRef.current && document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The track starts 'hidden' (its cues load, nothing shows); CC switches it to 'showing'.
  useEffect(() => {
    const track = videoRef.current?.textTracks[0];
    if (hasCaptions && track) track.mode = captionsOn ? 'showing' : 'hidden';
  }, [videoRef, hasCaptions, captionsOn]);

  const withVideo = useCallback(
    (act: (video: HTMLVideoElement) => void) => () => {
      if (videoRef.current) act(videoRef.current);
    },
    [videoRef],
  );
  const seekTo = (seconds: number) =>
    withVideo((video) => {
      const end = live ? media.seekableEnd : video.duration;
      video.currentTime = clamp(seconds, 0, Number.isFinite(end) ? end : seconds);
    })();

  const actions: PlayerActions = {
    // play() rejects when the browser blocks it: the video simply stays paused.
    togglePlay: withVideo((video) =>
      video.paused ? void video.play().catch(() => undefined) : video.pause(),
    ),
    seekTo,
    // The viewer's mute and unmute here are their sound choice everywhere (shorts, the next video).
    setVolume: (volume) =>
      withVideo((video) => {
        video.volume = volume;
        video.muted = volume === 0;
        soundStore.setSoundOn(!video.muted);
      })(),
    toggleMute: withVideo((video) => {
      video.muted = !video.muted;
      if (!video.muted && video.volume === 0) video.volume = 1;
      soundStore.setSoundOn(!video.muted);
    }),
    setRate: (rate) =>
      withVideo((video) => {
        video.playbackRate = rate;
      })(),
    toggleFullscreen: withVideo((video) => {
      const frame = frameRef.current;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else if (frame?.requestFullscreen) void frame.requestFullscreen().catch(() => undefined);
      // iOS Safari has no element fullscreen, only the video's own.
      else if ('webkitEnterFullscreen' in video && typeof video.webkitEnterFullscreen === 'function') {
        video.webkitEnterFullscreen();
      }
    }),
    togglePictureInPicture: withVideo((video) => {
      if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
      else void video.requestPictureInPicture().catch(() => undefined);
    }),
    toggleCaptions: () => setCaptionsOn((on) => !on),
    goLive: () => live?.goLive(),
  };

  const perform = (action: PlayerKeyAction) => {
    hide.wake();
    switch (action.type) {
      case 'toggle':
        return actions.togglePlay();
      case 'seek':
        return seekTo((videoRef.current?.currentTime ?? 0) + action.by);
      case 'fullscreen':
        return actions.toggleFullscreen();
      case 'mute':
        return actions.toggleMute();
      case 'captions':
        if (hasCaptions) actions.toggleCaptions();
        return;
    }
  };
  usePlayerKeys(frameRef, perform);

  // The player's own edge rule when it has one (hls.js's sync point: live-player.tsx).
  const atEdge = live?.isAtEdge?.() ?? media.seekableEnd - media.currentTime <= LIVE_EDGE_SLACK_SECONDS;
  return (
    <div
      ref={frameRef}
      className={className ? `player-frame ${className}` : 'player-frame'}
      data-controls={controls && hide.shown ? 'shown' : 'hidden'}
      data-fullscreen={fullscreen}
      {...hide.frameProps}
    >
      {children}
      {controls && (
        <PlayerControls
          media={media}
          actions={actions}
          live={live && !Number.isFinite(media.duration) ? { atEdge } : undefined}
          quality={quality}
          captionsShowing={hasCaptions ? captionsOn : null}
          fullscreen={fullscreen}
          pictureInPictureSupported={pipSupported()}
        />
      )}
    </div>
  );
}

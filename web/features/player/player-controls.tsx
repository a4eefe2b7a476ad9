import { useEffect, useRef, useState } from 'react';
import { PLAYBACK_SPEEDS } from '../../../schema/constants';
import { PlayerCaptions } from './player-captions';
import {
  CaptionsIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  MutedIcon,
  PauseIcon,
  PipIcon,
  PlayIcon,
  VolumeIcon,
} from './player-icons';
import { PlayerMenu } from './player-menu';
import { formatClock, seekValueText } from './player-rules';
import type { QualityOption } from './player-state';
import type { MediaState } from './use-media-state';

const SPEED_OPTIONS = PLAYBACK_SPEEDS.map((speed) => ({ value: speed, label: `${speed}x` }));
const qualityLabel = (option: QualityOption) => (option.label === 'auto' ? 'Auto' : option.label);

/** What the bar does; the frame owns the video, the fullscreen and the captions state. */
export type PlayerActions = {
  togglePlay: () => void;
  seekTo: (seconds: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  setRate: (rate: number) => void;
  toggleFullscreen: () => void;
  togglePictureInPicture: () => void;
  toggleCaptions: () => void;
  goLive: () => void;
};

type PlayerControlsProps = {
  media: MediaState;
  actions: PlayerActions;
  /** A live stream: a LIVE / Go live edge button instead of the seek bar and times. */
  live?: { atEdge: boolean };
  /** hls.js levels; the menu shows only when there is more than 'auto' to choose. */
  quality?: { options: QualityOption[]; level: number; setLevel: (level: number) => void };
  /** null when the video has no captions (no CC button); otherwise whether they show. */
  captionsShowing: boolean | null;
  fullscreen: boolean;
  pictureInPictureSupported: boolean;
};

/** The player's control bar (issue 13.1): every control a real, labelled button or slider. */
export function PlayerControls({
  media,
  actions,
  live,
  quality,
  captionsShowing,
  fullscreen,
  pictureInPictureSupported,
}: PlayerControlsProps) {
  const duration = Number.isFinite(media.duration) ? media.duration : 0;
  const loaded = duration > 0 ? Math.min(1, media.buffered / duration) : 0;
  const barRef = useRef<HTMLDivElement>(null);
  const barHeight = useHeight(barRef);
  return (
    <>
      <PlayerCaptions lines={captionsShowing ? media.captions : []} barHeight={barHeight} />
      <div className="player-controls" data-testid="player-controls" ref={barRef}>
        {!live && (
          <div className="player-seek">
            <div className="player-seek-buffered" style={{ transform: `scaleX(${loaded})` }} />
            <input
              type="range"
              className="player-seek-input"
              aria-label="Seek"
              aria-valuetext={seekValueText(media.currentTime, duration)}
              min={0}
              max={duration || 0}
              step={0.1}
              value={Math.min(media.currentTime, duration || 0)}
              onChange={(event) => actions.seekTo(Number(event.target.value))}
            />
          </div>
        )}
        <div className="player-bar">
          <button
            type="button"
            className="player-button"
            aria-label={media.paused ? 'Play' : 'Pause'}
            onClick={actions.togglePlay}
          >
            {media.paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <button
            type="button"
            className="player-button"
            aria-label={media.muted ? 'Unmute' : 'Mute'}
            onClick={actions.toggleMute}
          >
            {media.muted || media.volume === 0 ? <MutedIcon /> : <VolumeIcon />}
          </button>
          <input
            type="range"
            className="player-volume"
            aria-label="Volume"
            data-player-volume=""
            min={0}
            max={1}
            step={0.05}
            value={media.muted ? 0 : media.volume}
            onChange={(event) => actions.setVolume(Number(event.target.value))}
          />
          {live ? (
            <button
              type="button"
              className="player-live-edge"
              data-at-edge={live.atEdge}
              onClick={actions.goLive}
              aria-label={live.atEdge ? 'Live' : 'Go live'}
            >
              {live.atEdge ? 'LIVE' : 'Go live'}
            </button>
          ) : (
            <span className="player-time" data-testid="player-time">
              {formatClock(media.currentTime)} / {formatClock(duration)}
            </span>
          )}
          <span className="player-spacer" />
          {captionsShowing !== null && (
            <button
              type="button"
              className="player-button"
              aria-label="Captions"
              aria-pressed={captionsShowing}
              onClick={actions.toggleCaptions}
            >
              <CaptionsIcon />
            </button>
          )}
          <PlayerMenu
            label="Playback speed"
            options={SPEED_OPTIONS}
            value={media.rate}
            onChange={actions.setRate}
          />
          {quality && quality.options.length > 1 && (
            <PlayerMenu
              label="Quality"
              options={quality.options.map((option) => ({
                value: option.level,
                label: qualityLabel(option),
              }))}
              value={quality.level}
              onChange={quality.setLevel}
            />
          )}
          {pictureInPictureSupported && (
            <button
              type="button"
              className="player-button"
              aria-label="Picture-in-picture"
              aria-pressed={media.pictureInPicture}
              onClick={actions.togglePictureInPicture}
            >
              <PipIcon />
            </button>
          )}
          <button
            type="button"
            className="player-button"
            aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
            onClick={actions.toggleFullscreen}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        </div>
      </div>
    </>
  );
}

/** The element's height in CSS pixels, followed as it changes (the bar wraps on narrow players). */
function useHeight(ref: React.RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

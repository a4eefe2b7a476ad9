import { useRef } from 'react';
import { PLAYBACK_SPEEDS } from '../../../schema/constants';
import { playerMessage } from './player-state';
import { useHlsPlayer } from './use-hls-player';
import './player.css';

type LivePlayerProps = {
  /** The HLS playlist; null when the stream has no playback URL ('Playback not available'). */
  src: string | null;
  /** The status room's isLive; null while not yet known. */
  live: boolean | null;
  title?: string;
};

/**
 * The stream player (live spec §2): a 16:9 video with the browser's controls, an overlay for the
 * offline / private / error messages, and speed and quality menus. `data-state` on the video
 * tells tests (and styles) what it is doing.
 */
export function LivePlayer({ src, live, title }: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const player = useHlsPlayer(videoRef, src, live);
  const message = playerMessage(player.state);

  return (
    <div className="live-player">
      <div className="live-player-frame">
        {/* biome-ignore lint/a11y/useMediaCaption: a creator's live broadcast carries no caption track */}
        <video
          ref={videoRef}
          className="live-player-video"
          data-testid="live-player"
          data-state={player.state}
          aria-label={title ? `Live stream: ${title}` : 'Live stream'}
          controls={player.state === 'ready'}
          playsInline
        />
        {player.state === 'loading' && (
          <div className="live-player-overlay" aria-hidden="true">
            <div className="spinner" />
          </div>
        )}
        {message && (
          <div className="live-player-overlay" role="status" data-testid="player-message">
            <strong>{message.title}</strong>
            {message.detail && <span className="muted">{message.detail}</span>}
          </div>
        )}
      </div>
      <div className="live-player-settings">
        <label>
          Speed
          <select
            defaultValue="1"
            onChange={(event) => {
              if (videoRef.current) videoRef.current.playbackRate = Number(event.target.value);
            }}
          >
            {PLAYBACK_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}x
              </option>
            ))}
          </select>
        </label>
        <label>
          Quality
          <select value={player.level} onChange={(event) => player.setLevel(Number(event.target.value))}>
            {player.qualities.map((quality) => (
              <option key={quality.label} value={quality.level}>
                {quality.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

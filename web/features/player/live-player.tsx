import { useCallback, useEffect, useRef, useState } from 'react';
import { webrtcSupported } from '../../lib/webrtc';
import { formatCount } from '../../ui/format';
import { PlayerFrame } from './player-frame';
import { playerMessage } from './player-state';
import { useHlsPlayer } from './use-hls-player';
import { useWhepPlayer } from './whep/use-whep-player';
import { playbackPath } from './whep/whep-rules';
import './player.css';

type LivePlayerProps = {
  /** The HLS playlist; null when the stream has no playback URL ('Playback not available'). */
  src: string | null;
  /** The status room's isLive; null while not yet known. */
  live: boolean | null;
  title?: string;
  /** What the player is called to assistive tech and the Media Session: a replay is no live stream. */
  kind?: string;
  /** The session's viewer count, shown beside LIVE while the playlist is live. */
  viewers?: number | null;
  /** The video's time in seconds as it plays and after each seek (a replay's chat follows it). */
  onTime?: (seconds: number) => void;
  /**
   * A live stream's real-time path (issue 25 §3): the status answer's `whepUrl` (undefined while it
   * is read). Left out for replays and the studio, which always play HLS.
   */
  realtime?: { whepUrl: string | null | undefined };
};

const alwaysAtEdge = () => true;

/**
 * The stream player (live spec §2): a 16:9 video with the player's control bar (the same as the
 * watch page's; for a live playlist, no #EXT-X-ENDLIST, a LIVE / Go live edge button in place of
 * the seek bar and the viewer count; a replay keeps the seek bar; speed and the playlist's
 * qualities), and an overlay for the offline / private / error messages. `data-state` on the video
 * tells tests (and styles) what it is doing. A stream with a WHEP URL plays over WebRTC with a
 * 'Real-time' label (no hls.js loaded), and falls back to HLS by itself when WHEP fails.
 */
export function LivePlayer({
  src,
  live,
  title,
  kind = 'Live stream',
  viewers = null,
  onTime,
  realtime,
}: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [whepFailed, setWhepFailed] = useState(false);
  // A failure holds for one broadcast: the next one (the room says offline, then live) tries WHEP again.
  useEffect(() => {
    if (live === false) setWhepFailed(false);
  }, [live]);
  const whepUrl = realtime ? realtime.whepUrl : null;
  const [wasLive, setWasLive] = useState(false);
  useEffect(() => {
    if (live === true) setWasLive(true);
  }, [live]);
  // No publisher any more: the next broadcast starts over.
  useEffect(() => {
    if (whepUrl === null) setWasLive(false);
  }, [whepUrl]);
  const path = playbackPath({ whepUrl, live, whepFailed, rtcSupported: webrtcSupported(), wasLive });
  const onWhepFail = useCallback(() => setWhepFailed(true), []);
  const whep = useWhepPlayer(videoRef, path === 'whep' ? (whepUrl ?? null) : null, onWhepFail);
  const hls = useHlsPlayer(videoRef, src, live, path === 'hls');
  const onWhep = path === 'whep';
  const goLive = useCallback(() => {
    void videoRef.current?.play().catch(() => undefined);
  }, []);
  const player = onWhep
    ? {
        ...hls,
        state: whep.ready ? ('ready' as const) : ('loading' as const),
        playlistLive: true,
        qualities: [],
        goLive,
        isAtEdge: alwaysAtEdge,
      }
    : path === 'wait'
      ? { ...hls, state: 'loading' as const }
      : hls;
  const message = playerMessage(player.state);
  const onAir = player.state === 'ready' && player.playlistLive === true;

  return (
    <div className="live-player">
      <PlayerFrame
        videoRef={videoRef}
        className="live-player-frame"
        controls={player.state === 'ready'}
        // Only a live playlist gets the LIVE / Go live button; a finished one (a replay) the seek bar.
        live={
          player.playlistLive === false ? undefined : { goLive: player.goLive, isAtEdge: player.isAtEdge }
        }
        quality={{ options: player.qualities, level: player.level, setLevel: player.setLevel }}
        session={{ title: title || kind, artist: '' }}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: a creator's live broadcast carries no caption track */}
        <video
          ref={videoRef}
          className="live-player-video"
          data-testid="live-player"
          data-state={player.state}
          data-path={path}
          aria-label={title ? `${kind}: ${title}` : kind}
          playsInline
          controlsList="nodownload"
          onClick={(event) => {
            const video = event.currentTarget;
            if (video.paused) video.play().catch(() => undefined);
            else video.pause();
          }}
          onContextMenu={(event) => event.preventDefault()}
          onTimeUpdate={onTime && ((event) => onTime(event.currentTarget.currentTime))}
          onSeeked={onTime && ((event) => onTime(event.currentTarget.currentTime))}
        />
        {onWhep && whep.ready && (
          <span className="live-player-realtime" data-testid="live-player-realtime">
            Real-time
          </span>
        )}
        {onAir && viewers !== null && (
          <span className="live-player-viewers" data-testid="live-player-viewers">
            {formatCount(viewers)} watching
          </span>
        )}
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
      </PlayerFrame>
    </div>
  );
}

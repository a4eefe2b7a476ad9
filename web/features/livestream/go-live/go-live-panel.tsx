import { useEffect, useId, useRef, useState } from 'react';
import { LIVE_LIMITS } from '../../../../schema/live';
import { GO_LIVE_MESSAGES as T } from '../../../../schema/messages/go-live';
import { webrtcSupported } from '../../../lib/webrtc';
import { BroadcastMeter } from './broadcast-meter';
import { DeviceControls } from './device-controls';
import { qualityById } from './quality';
import { useBroadcast } from './use-broadcast';
import { useLocalMedia } from './use-local-media';
import './go-live.css';

export type GoLivePanelProps = {
  whipUrl: string;
  streamKey: string;
  /** The current session's id; null when none is prepared. */
  sessionId: string | null;
  /** The studio's Prepare (create + start) with this title. */
  prepare: (title: string) => Promise<void>;
  /** The studio's Stop for this session. */
  stop: () => Promise<void>;
  stopOnLeave: () => void;
  /** Told when this device goes on or off air (the studio then stops playing its own stream). */
  onAirChange: (onAir: boolean) => void;
};

/**
 * "Go live from this device" (issue 25 §2), loaded when the creator opens it: the preview, the
 * device controls, and Go live / End over WHIP with the broadcast's meter.
 */
export default function GoLivePanel(props: GoLivePanelProps) {
  if (!webrtcSupported() || !navigator.mediaDevices) {
    return <p className="muted">{T.noWebrtc}</p>;
  }
  return <GoLiveControls {...props} />;
}

function GoLiveControls({
  whipUrl,
  streamKey,
  sessionId,
  prepare,
  stop,
  stopOnLeave,
  onAirChange,
}: GoLivePanelProps) {
  const media = useLocalMedia();
  const [title, setTitle] = useState('');
  const titleId = useId();
  const broadcast = useBroadcast({
    whipUrl,
    streamKey,
    video: media.video,
    audio: media.audio,
    maxBitrate: qualityById(media.choice.quality).maxBitrate,
    prepare: () => (sessionId ? Promise.resolve() : prepare(title)),
    stop,
    stopOnLeave,
  });
  const previewRef = useRef<HTMLVideoElement>(null);
  const onAir = broadcast.state === 'live' || broadcast.state === 'reconnecting';
  const busy = broadcast.state === 'starting' || broadcast.state === 'ending';

  useEffect(() => {
    const preview = previewRef.current;
    if (preview) preview.srcObject = media.video ? new MediaStream([media.video]) : null;
  }, [media.video]);

  useEffect(() => {
    onAirChange(onAir);
    return () => onAirChange(false);
  }, [onAir, onAirChange]);

  // Stop Stream (or another tab) ended the session: the publish goes with it.
  const hadSession = useRef(sessionId);
  const { drop } = broadcast;
  useEffect(() => {
    if (hadSession.current && !sessionId && onAir) drop();
    hadSession.current = sessionId;
  }, [sessionId, onAir, drop]);

  return (
    <div className="go-live-panel">
      <video
        ref={previewRef}
        className="go-live-preview"
        data-testid="go-live-preview"
        data-camera-off={media.cameraOff}
        muted
        autoPlay
        playsInline
      />
      {media.error && (
        <p className="ls-error" role="alert" data-testid="go-live-media-error">
          {media.error}
        </p>
      )}
      <DeviceControls media={media} busy={busy} />
      {!sessionId && !onAir && (
        <>
          <label htmlFor={titleId}>{T.sessionTitle}</label>
          <input
            id={titleId}
            data-testid="go-live-title"
            value={title}
            maxLength={LIVE_LIMITS.sessionTitleMax}
            onChange={(event) => setTitle(event.target.value)}
          />
        </>
      )}
      <BroadcastMeter broadcast={broadcast} />
      {broadcast.error && (
        <p className="ls-error" role="alert" data-testid="go-live-error">
          {broadcast.error}
        </p>
      )}
      <div className="go-live-actions">
        {onAir || broadcast.state === 'ending' ? (
          <button
            type="button"
            className="button button-danger"
            data-testid="go-live-end"
            disabled={broadcast.state === 'ending'}
            onClick={() => void broadcast.end().catch(() => undefined)}
          >
            {T.end}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            data-testid="go-live-start"
            disabled={busy || !media.video}
            onClick={() => void broadcast.goLive()}
          >
            {T.goLive}
          </button>
        )}
      </div>
    </div>
  );
}

import { useId } from 'react';
import { GO_LIVE_MESSAGES as T } from '../../../../schema/messages/go-live';
import { QUALITIES, type QualityId } from './quality';
import type { LocalMedia } from './use-local-media';

const coarsePointer = () => window.matchMedia('(pointer: coarse)').matches;

const deviceLabel = (device: MediaDeviceInfo, index: number, kind: string) =>
  device.label || `${kind} ${index + 1}`;

/** Source, device pickers, quality, and the mute / camera off / switch camera toggles. */
export function DeviceControls({ media, busy }: { media: LocalMedia; busy: boolean }) {
  const cameraId = useId();
  const microphoneId = useId();
  const qualityId = useId();
  const { choice } = media;
  const onCamera = choice.source === 'camera';
  return (
    <div className="go-live-controls">
      {media.canShareScreen && (
        <fieldset className="go-live-source" aria-label="Source">
          {(['camera', 'screen'] as const).map((source) => (
            <button
              key={source}
              type="button"
              className="button"
              aria-pressed={choice.source === source}
              onClick={() => media.choose({ source })}
            >
              {source === 'camera' ? T.sourceCamera : T.sourceScreen}
            </button>
          ))}
        </fieldset>
      )}
      {onCamera && (
        <>
          <label htmlFor={cameraId}>{T.camera}</label>
          <select
            id={cameraId}
            data-testid="go-live-camera"
            value={choice.cameraId ?? media.video?.getSettings().deviceId ?? ''}
            onChange={(event) => media.choose({ cameraId: event.target.value || null, facingMode: null })}
          >
            {media.cameras.map((device, index) => (
              <option key={device.deviceId} value={device.deviceId}>
                {deviceLabel(device, index, T.camera)}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={microphoneId}>{T.microphone}</label>
      <select
        id={microphoneId}
        data-testid="go-live-microphone"
        value={choice.microphoneId ?? media.audio?.getSettings().deviceId ?? ''}
        onChange={(event) => media.choose({ microphoneId: event.target.value || null })}
      >
        {media.microphones.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {deviceLabel(device, index, T.microphone)}
          </option>
        ))}
      </select>
      <label htmlFor={qualityId}>{T.quality}</label>
      <select
        id={qualityId}
        data-testid="go-live-quality"
        value={choice.quality}
        disabled={busy}
        onChange={(event) => media.choose({ quality: event.target.value as QualityId })}
      >
        {QUALITIES.map((quality) => (
          <option key={quality.id} value={quality.id}>
            {quality.id}
          </option>
        ))}
      </select>
      <div className="go-live-toggles">
        <button
          type="button"
          className="button"
          aria-pressed={media.muted}
          data-testid="go-live-mute"
          onClick={() => media.setMuted(!media.muted)}
        >
          {media.muted ? T.unmute : T.mute}
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={media.cameraOff}
          data-testid="go-live-camera-off"
          onClick={() => media.setCameraOff(!media.cameraOff)}
        >
          {media.cameraOff ? T.cameraOn : T.cameraOff}
        </button>
        {onCamera && (media.cameras.length > 1 || coarsePointer()) && (
          <button type="button" className="button" data-testid="go-live-switch" onClick={media.switchFacing}>
            {T.switchCamera}
          </button>
        )}
      </div>
    </div>
  );
}

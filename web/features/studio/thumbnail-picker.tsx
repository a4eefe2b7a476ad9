import { useId, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import { formatDuration } from '../../ui/format';

/** Posters are drawn no larger than this on their longest side, as an upload's are. */
const POSTER_MAX_EDGE = 1280;

type ThumbnailPickerProps = {
  video: Video;
  disabled: boolean;
  /** The canvas that holds the picked picture, once one is picked. */
  onPick: (canvas: HTMLCanvasElement) => void;
};

/** Draws `source` (`width` x `height`) onto `canvas`, scaled down to the poster's largest edge. */
function drawTo(canvas: HTMLCanvasElement, source: CanvasImageSource, width: number, height: number) {
  const scale = Math.min(1, POSTER_MAX_EDGE / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
}

/**
 * The Edit dialog's thumbnail: the current poster until another is picked, either a frame of the
 * video (a scrubber under the video itself, then Use this frame) or an image from the device. The
 * pick is drawn to a canvas, from which the poster and its card widths are made on save.
 */
export function ThumbnailPicker({ video, disabled, onPick }: ThumbnailPickerProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [picked, setPicked] = useState(false);
  const [choosingFrame, setChoosingFrame] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(video.duration);
  const [error, setError] = useState('');
  // The frame under the scrubber is drawable only once the browser has decoded it.
  const [frameReady, setFrameReady] = useState(false);

  const pick = (source: CanvasImageSource, width: number, height: number) => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0 || height === 0) return;
    drawTo(canvas, source, width, height);
    setPicked(true);
    setError('');
    onPick(canvas);
  };

  const takeFrame = () => {
    const frame = videoRef.current;
    if (frame) pick(frame, frame.videoWidth, frame.videoHeight);
  };

  const takeImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(MESSAGES.imageUpload.invalidImage);
    try {
      const bitmap = await createImageBitmap(file);
      pick(bitmap, bitmap.width, bitmap.height);
      bitmap.close();
    } catch {
      setError(MESSAGES.imageUpload.invalidImage);
    }
  };

  return (
    <fieldset className="edit-thumbnail" disabled={disabled}>
      <legend>Thumbnail</legend>
      <div className="edit-thumbnail-preview" data-type={video.type}>
        {!picked && video.thumbnail && <img src={video.thumbnail} alt="Current thumbnail" />}
        <canvas
          ref={canvasRef}
          hidden={!picked}
          aria-label="New thumbnail"
          data-testid="edit-thumbnail-canvas"
        />
      </div>
      <div className="edit-thumbnail-actions">
        <button
          type="button"
          className="button"
          aria-expanded={choosingFrame}
          onClick={() => setChoosingFrame(!choosingFrame)}
        >
          Pick a frame
        </button>
        <label className="button edit-image-pick">
          Upload image
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            onChange={(event) => void takeImage(event.target.files?.[0])}
          />
        </label>
      </div>
      {choosingFrame && (
        <div className="edit-frame">
          <video
            ref={videoRef}
            src={video.videoUrl}
            muted
            playsInline
            preload="auto"
            data-type={video.type}
            onLoadedData={() => setFrameReady(true)}
            onSeeking={() => setFrameReady(false)}
            onSeeked={() => setFrameReady(true)}
            onLoadedMetadata={(event) => {
              const seconds = event.currentTarget.duration;
              if (Number.isFinite(seconds) && seconds > 0) setLength(seconds);
            }}
          />
          <label htmlFor={`${id}-frame`} className="visually-hidden">
            Frame
          </label>
          <input
            id={`${id}-frame`}
            type="range"
            min={0}
            max={length}
            step={0.1}
            value={time}
            aria-valuetext={formatDuration(Math.floor(time))}
            onChange={(event) => {
              const next = Number(event.target.value);
              setTime(next);
              if (videoRef.current) videoRef.current.currentTime = next;
            }}
          />
          <div className="edit-frame-row">
            <span className="muted">
              {formatDuration(Math.floor(time))} / {formatDuration(Math.round(length))}
            </span>
            <button type="button" className="button" disabled={!frameReady} onClick={takeFrame}>
              Use this frame
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="edit-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

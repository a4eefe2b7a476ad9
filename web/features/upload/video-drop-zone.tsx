import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { formatBytes } from './part-plan';

type VideoDropZoneProps = {
  file: File | null;
  disabled: boolean;
  onFile: (file: File) => void;
  /** A picked file whose type is not video/* (a dropped one is ignored silently, content §5). */
  onInvalid: () => void;
};

const isVideo = (file: File) => file.type.startsWith('video/');

/** The file picker and the drop zone around it. */
export function VideoDropZone({ file, disabled, onFile, onInvalid }: VideoDropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    if (isVideo(picked)) onFile(picked);
    else onInvalid();
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = Array.from(event.dataTransfer.files).find(isVideo);
    if (dropped) onFile(dropped);
  };

  return (
    <section
      className="upload-drop-zone"
      data-dragging={dragging}
      aria-label="Drop a video here"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="video/*"
        aria-label="Video file"
        disabled={disabled}
        onChange={onPick}
      />
      <label className="button upload-pick" htmlFor={id} aria-hidden="true" data-disabled={disabled}>
        {file ? 'Choose another video' : 'Choose video'}
      </label>
      <p className="muted upload-file-name">
        {file ? `${file.name} · ${formatBytes(file.size)}` : 'or drop a video file here'}
      </p>
    </section>
  );
}

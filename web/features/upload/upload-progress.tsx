import { formatBytes, percentOf } from './part-plan';
import type { UploadState } from './use-upload';

/** The real progress of an upload: a bar, bytes sent of the file's size, and the percentage. */
export function UploadProgress({ state }: { state: UploadState }) {
  const percent = percentOf(state.loaded, state.total);
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <p className="upload-progress-text">
        {formatBytes(state.loaded)} of {formatBytes(state.total)} · {percent}%
      </p>
      {state.waitingForNetwork && (
        <p className="muted">You are offline: the upload goes on when the network is back.</p>
      )}
    </div>
  );
}

import { formatBytes, percentOf } from './part-plan';
import type { UploadState } from './use-upload';

/**
 * The real progress of an upload: a bar, bytes sent of the file's size, and the percentage; for a
 * resumable upload also the point a reload or crash would resume from (parts already recorded).
 */
export function UploadProgress({ state }: { state: UploadState }) {
  const percent = percentOf(state.loaded, state.total);
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <p className="upload-progress-text">
        {formatBytes(state.loaded)} of {formatBytes(state.total)} · {percent}%
      </p>
      {state.kept !== undefined && state.kept > 0 && state.kept < state.total && (
        <p className="muted" data-testid="upload-kept">
          If it stops, it goes on from {percentOf(state.kept, state.total)}%.
        </p>
      )}
      {state.waitingForNetwork && (
        <p className="muted">You are offline: the upload goes on when the network is back.</p>
      )}
    </div>
  );
}

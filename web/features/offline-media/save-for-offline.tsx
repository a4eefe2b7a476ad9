import type { Video } from '../../../schema/content';
import { formatBytes, percentOf } from '../upload/part-plan';
import { useSaveForOffline } from './use-save-for-offline';
import './save-for-offline.css';

/**
 * The watch page's Save for offline: a button, then a progress bar with Cancel while the file comes
 * in, then Saved for offline with Remove. Only public videos can be kept (the store refuses others).
 */
export function SaveForOffline({ video }: { video: Video }) {
  const { state, save, cancel, remove } = useSaveForOffline(video);
  if (!video.isPublic) return null;
  switch (state.status) {
    case 'saving': {
      const percent = state.total ? percentOf(state.loaded, state.total) : null;
      return (
        <div className="save-offline" data-testid="save-offline">
          <progress
            className="save-offline-bar"
            aria-label="Saving for offline"
            max={100}
            // No length announced: an indeterminate bar, with the bytes so far.
            value={percent ?? undefined}
          />
          <span className="muted save-offline-figure">
            {percent === null ? formatBytes(state.loaded) : `${percent}%`}
          </span>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      );
    }
    case 'saved':
      return (
        <div className="save-offline" data-testid="save-offline">
          <span role="status" className="save-offline-done">
            ✓ Saved for offline
          </span>
          <button type="button" className="button" onClick={remove}>
            Remove
          </button>
        </div>
      );
    default:
      return (
        <div className="save-offline" data-testid="save-offline">
          <button type="button" className="button" onClick={save}>
            ⤓ Save for offline
          </button>
          {state.status === 'error' && (
            <p role="alert" className="save-offline-error">
              {state.message}
            </p>
          )}
        </div>
      );
  }
}

import { useServiceWorkerUpdate } from './use-service-worker-update';

/** Said instead of reloading while an upload runs: the reload would cut it off. */
export const UPDATE_AFTER_UPLOAD = 'The update will apply when the upload finishes';

/** A bar offering the new version once its service worker is waiting. */
export function UpdateBar() {
  const { update, applyUpdate } = useServiceWorkerUpdate();
  if (update === 'none') return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      {update === 'after-upload' ? (
        <span>{UPDATE_AFTER_UPLOAD}</span>
      ) : (
        <>
          <span>A new version is available</span>
          <button type="button" className="button button-primary" onClick={applyUpdate}>
            Reload
          </button>
        </>
      )}
    </div>
  );
}

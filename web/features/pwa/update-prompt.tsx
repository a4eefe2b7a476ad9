import { useServiceWorkerUpdate } from './use-service-worker-update';

/** A bar offering the new version once its service worker is waiting. */
export function UpdatePrompt() {
  const { updateReady, applyUpdate } = useServiceWorkerUpdate();
  if (!updateReady) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>A new version is available</span>
      <button type="button" className="button button-primary" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}

import { useSyncExternalStore } from 'react';
import { LockIcon } from './icons';
import { dismissToast, getToasts, subscribeToasts } from './toast-store';
import './toast.css';

/**
 * The top-right toast stack. Always mounted so screen readers hear new toasts (aria-live). A modal
 * dialog makes the page behind it inert, so a dialog mounts its own region while it is open.
 */
export function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} data-testid="toast">
          <span className="toast-message">
            {toast.icon === 'lock' && <LockIcon />}
            {toast.message}
          </span>
          {toast.action && (
            <button
              type="button"
              className="button toast-action"
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss"
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ToastRegion } from '../../ui/toast-region';

type WizardDialogProps = {
  title: string;
  /** False for registration: no close button, Escape does nothing (accounts §2). */
  closable: boolean;
  onClose?: () => void;
  children: ReactNode;
};

const swallowEscape = (event: KeyboardEvent) => {
  if (event.key === 'Escape') event.preventDefault();
};

/**
 * The wizard's modal, on the native <dialog> (focus trapped, page inert). When it must not close,
 * Escape is cancelled at the document, the dialog's cancel event is refused, and should a browser
 * close it anyway it is shown again at once.
 */
export function WizardDialog({ title, closable, onClose, children }: WizardDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    if (closable) return;
    document.addEventListener('keydown', swallowEscape, { capture: true });
    return () => document.removeEventListener('keydown', swallowEscape, { capture: true });
  }, [closable]);

  const onDialogClose = () => {
    const dialog = ref.current;
    if (closable) onClose?.();
    else if (dialog?.isConnected && !dialog.open) dialog.showModal();
  };

  return (
    <dialog
      ref={ref}
      className="modal wizard-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (!closable) event.preventDefault();
      }}
      onClose={onDialogClose}
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {closable && (
            <button
              type="button"
              className="icon-button"
              aria-label="Close"
              onClick={() => ref.current?.close()}
            >
              ×
            </button>
          )}
        </header>
        {children}
      </div>
      {/* A modal puts the page's toasts under its backdrop and makes them inert: show them here too. */}
      <ToastRegion />
    </dialog>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** A class beside `modal`, for a dialog that needs its own width or touch sizes. */
  className?: string;
};

/** A ref for a native <dialog> that is shown as a modal while `open` and closed when not. */
export function useModalOpen(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus.
 * A click on the backdrop closes it too.
 */
export function ModalDialog({ open, onClose, title, children, className }: ModalDialogProps) {
  const ref = useModalOpen(open);
  const titleId = useId();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is a pointer shortcut; Escape closes it from the keyboard
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}

import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** A red confirm button, for what cannot be undone. */
  danger?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What the action does, above the buttons. */
  children: ReactNode;
};

/** Asks before an action: the question, then Cancel and the confirm button (both off while busy). */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  danger,
  busy,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <ModalDialog open={open} onClose={onCancel} title={title}>
      {children}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}

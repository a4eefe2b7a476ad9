import type { ReactNode } from 'react';
import { ModalDialog } from '../../ui/modal-dialog';

type KeyConfirmDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
};

/** Asks before regenerating or deleting the stream key (both cut off a running encoder). */
export function KeyConfirmDialog({
  open,
  title,
  confirmLabel,
  danger,
  busy,
  onCancel,
  onConfirm,
  children,
}: KeyConfirmDialogProps) {
  return (
    <ModalDialog open={open} onClose={onCancel} title={title}>
      {children}
      <div className="ls-dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={danger ? 'button ls-danger' : 'button button-primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}

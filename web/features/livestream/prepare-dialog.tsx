import { type FormEvent, useId } from 'react';
import { LIVE_LIMITS } from '../../../schema/live';
import { ModalDialog } from '../../ui/modal-dialog';

export type SessionText = { title: string; description: string };

type PrepareDialogProps = {
  open: boolean;
  busy: boolean;
  value: SessionText;
  onChange: (value: SessionText) => void;
  onCancel: () => void;
  onSubmit: () => void;
};

/** Prepare Stream asks for the session's title and description (live §2). */
export function PrepareDialog({ open, busy, value, onChange, onCancel, onSubmit }: PrepareDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <ModalDialog open={open} onClose={onCancel} title="Prepare Stream">
      <form className="ls-prepare" onSubmit={submit}>
        <label htmlFor={titleId}>Title</label>
        <input
          id={titleId}
          className="text-input"
          value={value.title}
          maxLength={LIVE_LIMITS.sessionTitleMax}
          onChange={(event) => onChange({ ...value, title: event.target.value })}
        />
        <label htmlFor={descriptionId}>Description</label>
        <textarea
          id={descriptionId}
          className="text-input"
          rows={4}
          value={value.description}
          maxLength={LIVE_LIMITS.sessionDescriptionMax}
          onChange={(event) => onChange({ ...value, description: event.target.value })}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Preparing...' : 'Prepare Stream'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

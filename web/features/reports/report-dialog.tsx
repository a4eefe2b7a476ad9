import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  REPORT_REASONS,
  REPORT_TEXT,
  ReportAnswerSchema,
  type ReportReason,
  type ReportTarget,
} from '../../../schema/reports';
import { apiPost } from '../../lib/api';
import { ModalDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toast-store';

type ReportDialogProps = {
  /** What is reported, without the reason the dialog asks for. */
  target: ReportTarget;
  /** Shown in the title: "Report video", "Report message". */
  noun: string;
  open: boolean;
  onClose: () => void;
};

/**
 * Reports a video, a comment or a chat message to the platform (issue 24 §1): one reason from the
 * short list, then Send. The server keeps one report per user per thing, so sending twice is harmless.
 */
export function ReportDialog({ target, noun, open, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const name = useId();
  const send = useMutation({
    mutationFn: (chosen: ReportReason) =>
      apiPost('/api/reports', { ...target, reason: chosen }, ReportAnswerSchema),
    onSuccess: () => {
      showToast(REPORT_TEXT.sent, 'success');
      onClose();
    },
    onError: (error) => showToast(error.message, 'error'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) send.mutate(reason);
  };
  return (
    <ModalDialog open={open} onClose={onClose} title={`Report ${noun}`}>
      <form className="report-form" onSubmit={submit}>
        <fieldset disabled={send.isPending}>
          <legend>Why are you reporting this?</legend>
          {Object.entries(REPORT_REASONS).map(([value, label]) => (
            <label key={value} className="report-reason">
              <input
                type="radio"
                name={name}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value as ReportReason)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="report-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!reason || send.isPending}>
            {send.isPending ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

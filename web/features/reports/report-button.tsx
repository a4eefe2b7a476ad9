import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from '../../../schema/reports';
import { useSession } from '../../lib/session';
import { showLoginRequired } from '../auth/require-login';
import './reports.css';

// The dialog loads on the first Report: most viewers never open it.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

type ReportButtonProps = {
  target: ReportTarget;
  noun: string;
  className?: string;
  /** Called when its dialog closes, sent or not: e.g. to close the menu the button sits in. */
  onDone?: () => void;
};

/** A Report button: opens the report dialog, or asks a visitor to sign in first. */
export function ReportButton({ target, noun, className = 'button', onDone }: ReportButtonProps) {
  const session = useSession();
  // While the session is still being read, the dialog opens: sending asks the server, which refuses
  // a visitor; only a caller known to be signed out is told to log in at once.
  const mayReport = session.loading || !!session.info?.user;
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        // Says what is reported: a watch page shows the video's Report beside its comments' ones.
        aria-label={`Report ${noun}`}
        onClick={() => {
          if (mayReport) setOpen(true);
          else showLoginRequired();
        }}
      >
        ⚑ Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            target={target}
            noun={noun}
            open
            onClose={() => {
              setOpen(false);
              onDone?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

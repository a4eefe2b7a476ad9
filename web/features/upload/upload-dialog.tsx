import { useState } from 'react';
import type { Video } from '../../../schema/content';
import type { User } from '../../../schema/user';
import { ModalDialog } from '../../ui/modal-dialog';
import { UploadForm } from './upload-form';
import './upload.css';

type UploadVideoDialogProps = { user: User | null; onUploaded: (video: Video) => void };

/**
 * The studio's Upload Video dialog. The form stays mounted while the dialog is closed, so an upload
 * goes on (and its progress is kept) when the creator closes the dialog to look at the list.
 */
export function UploadVideoDialog({ user, onUploaded }: UploadVideoDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Upload Video
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Upload Video">
        <UploadForm user={user} onUploaded={onUploaded} />
      </ModalDialog>
    </>
  );
}

import type { Video } from '../../../schema/content';
import { ModalDialog } from '../../ui/modal-dialog';

type DeleteDialogProps = {
  video: Video | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (video: Video) => void;
};

/** Asks before deleting: the item and everything on it go for good (content §2.5). */
export function DeleteDialog({ video, busy, onCancel, onConfirm }: DeleteDialogProps) {
  const what = video?.type === 'short' ? 'short' : 'video';
  return (
    <ModalDialog open={video !== null} onClose={onCancel} title={`Delete ${what}`}>
      <p>Are you sure you want to delete &ldquo;{video?.title}&rdquo;? This action cannot be undone.</p>
      <div className="studio-dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy || !video}
          onClick={() => video && onConfirm(video)}
        >
          {busy ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </ModalDialog>
  );
}

import type { Video } from '../../../schema/content';
import { ConfirmDialog } from '../../ui/confirm-dialog';

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
    <ConfirmDialog
      open={video !== null}
      title={`Delete ${what}`}
      confirmLabel={busy ? 'Deleting...' : 'Delete'}
      danger
      busy={busy || !video}
      onCancel={onCancel}
      onConfirm={() => video && onConfirm(video)}
    >
      <p>Are you sure you want to delete &ldquo;{video?.title}&rdquo;? This action cannot be undone.</p>
    </ConfirmDialog>
  );
}

import { useEffect, useState } from 'react';
import { listPendingUploads, type PendingUpload } from '../../data/upload-store';

/**
 * The creator's unfinished resumable uploads in this browser, read again whenever `version`
 * changes (after an upload ends), so the dialog can say that picking the same file resumes it.
 */
export function usePendingUploads(userId: string, version: unknown): PendingUpload[] {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  useEffect(() => {
    let live = true;
    // `version` is a trigger only: the list is re-read whenever an upload ends.
    void version;
    listPendingUploads(userId)
      .then((list) => {
        if (live) setPending(list);
      })
      .catch((error: unknown) => console.warn('Unfinished uploads unreadable', error));
    return () => {
      live = false;
    };
  }, [userId, version]);
  return pending;
}

import { useState } from 'react';
import type { Video } from '../../../schema/content';
import { ModalDialog } from '../../ui/modal-dialog';
import { useRemoveCaptions, useUploadCaptions } from './captions-queries';
import './captions-dialog.css';

type CaptionsDialogProps = { video: Video; open: boolean; onClose: () => void };

/**
 * A video's captions (issue 13.1): choose a .vtt file and upload it (progress as text), or remove
 * the captions the video has. The watch page then shows (or hides) its CC button. Shown by the
 * row's Captions… and as the Edit dialog's Captions tab.
 */
export function CaptionsPanel({ video }: { video: Video }) {
  const upload = useUploadCaptions(video);
  const remove = useRemoveCaptions(video);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The row's video is re-read after a change; until then the last answer says what it has.
  const [hasCaptions, setHasCaptions] = useState(video.captionsUrl !== null);
  const busy = upload.isPending || remove.isPending;

  const settle = (next: Video, message: string) => {
    setHasCaptions(next.captionsUrl !== null);
    setStatus(message);
    setError(null);
  };
  const fail = (reason: unknown) => {
    setStatus(null);
    setError(reason instanceof Error ? reason.message : String(reason));
  };
  const send = () => {
    if (!file) return;
    setStatus(null);
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      { onSuccess: (next) => settle(next, 'Captions saved.'), onError: fail },
    );
  };

  return (
    <>
      <p className="muted">{hasCaptions ? 'This video has captions.' : 'No captions yet.'}</p>
      <label className="captions-file">
        WebVTT file
        <input
          type="file"
          accept=".vtt,text/vtt"
          disabled={busy}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      {upload.isPending && <p aria-live="polite">Uploading… {Math.round(progress * 100)}%</p>}
      {status && <p role="status">{status}</p>}
      {error && (
        <p role="alert" className="captions-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        {hasCaptions && (
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (next) => settle(next, 'Captions removed.'),
                onError: fail,
              })
            }
          >
            Remove captions
          </button>
        )}
        <button type="button" className="button button-primary" disabled={busy || !file} onClick={send}>
          Upload
        </button>
      </div>
    </>
  );
}

/** Captions… in a studio row: the captions panel in its own dialog. */
export function CaptionsDialog({ video, open, onClose }: CaptionsDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Captions">
      <CaptionsPanel video={video} />
    </ModalDialog>
  );
}
